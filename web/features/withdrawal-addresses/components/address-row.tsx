import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { addressStanding } from "#web/lib/withdrawal-address-status.js";

interface AddressRowProps {
  address: WithdrawalAddressDto;
  now: number;
  busy: boolean;
  onResend: () => void;
  onRemove: () => void;
}

/** One address of the list: its label, the address in full (monospaced), where it stands, and what can be done with it. */
export function AddressRow({ address, now, busy, onResend, onRemove }: AddressRowProps) {
  const standing = addressStanding(address, now);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="withdrawal-address">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {address.label} <Badge tone={standing.tone}>{standing.word}</Badge>
        </p>
        <p className="mt-1 font-mono text-sm break-all text-slate-800">{address.address}</p>
        <p className="mt-1 text-sm text-slate-700">{standing.detail}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {address.status === "unconfirmed" && (
          <Button variant="secondary" onClick={onResend} disabled={busy} aria-label={`Send the link again for ${address.label}`}>
            Send the link again
          </Button>
        )}
        <Button variant="dangerOutline" onClick={onRemove} disabled={busy} aria-label={`Remove ${address.label}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
