import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button, LinkButton } from "#web/components/ui/button.js";
import { ApiError } from "#web/lib/api.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { useConfirmWithdrawalAddress } from "../api/withdrawal-addresses.js";

const SETTINGS = "/dashboard/settings#withdrawal-addresses";
const INCOMPLETE = "This link is incomplete. Open it again from the e-mail, or send a new link from Settings → Withdrawal addresses.";
const FAILED = "The address could not be confirmed just now. Please try again.";

function Confirmed({ address }: { address: WithdrawalAddressDto }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="success">
        <p>
          “{address.label}” is confirmed: <span className="font-mono break-all">{address.address}</span>
        </p>
        <p className="mt-1">{address.status === "usable" ? "Payouts can go to it now." : `Payouts can go to it from ${formatDateTime(address.usableFrom!)}.`}</p>
      </Alert>
      <LinkButton to={SETTINGS} variant="secondary">
        Your withdrawal addresses
      </LinkButton>
    </div>
  );
}

/**
 * The page the e-mailed link opens. Confirming is a press of a button, not the visit itself: the
 * investor reads the warning first, and a mail scanner that opens links confirms nothing. The
 * token alone confirms (this works on any device, signed in or not); once, within its 24 hours.
 */
export function ConfirmAddress({ token }: { token: string | null }) {
  const confirm = useConfirmWithdrawalAddress();
  if (!token) return <Alert tone="error">{INCOMPLETE}</Alert>;
  if (confirm.data) return <Confirmed address={confirm.data} />;
  const failure = confirm.error instanceof ApiError && confirm.error.status >= 400 && confirm.error.status < 500 ? confirm.error.message : confirm.error ? FAILED : null;
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-slate-800">
        You are about to confirm the withdrawal address named in the e-mail. Payouts may then go to it, so confirm only an address you added yourself.
      </p>
      <p className="rounded-lg border border-amber-700/30 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        If you did not add it, do not confirm: remove it in Settings, reset your password and write to support.
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <LinkButton to={SETTINGS} variant="secondary">
          Go to Settings instead
        </LinkButton>
        <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm the address"}
        </Button>
      </div>
    </div>
  );
}
