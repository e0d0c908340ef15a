import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";

interface RemoveAddressDialogProps {
  address: WithdrawalAddressDto;
  delayHours: number;
  pending: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Removing takes effect at once, so it is asked once more, with what it means for using the address again. */
export function RemoveAddressDialog({ address, delayHours, pending, failure, onConfirm, onClose }: RemoveAddressDialogProps) {
  const wait = delayHours > 0 ? `, and wait ${delayHours} hours after confirming it` : "";
  return (
    <Dialog title={`Remove “${address.label}”?`} onClose={() => !pending && onClose()}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-800">
          Payouts can no longer go to <span className="font-mono break-all">{address.address}</span> from the moment you remove it. To use it again you would add it
          again, confirm it from your e-mail{wait}.
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? "Removing..." : "Remove address"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
