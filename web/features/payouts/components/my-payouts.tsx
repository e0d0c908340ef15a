import { formatCents } from "../../../../shared/money.js";
import { Alert } from "../../../components/ui/alert.js";
import { Loading } from "../../../components/ui/spinner.js";
import { formatDateTime } from "../../../lib/format-date.js";
import { useMyPayouts } from "../api/payouts.js";
import { PayoutStatusBadge } from "./payout-status-badge.js";

/** The caller's payouts, newest first: pending ones are held, paid ones carry the chain transaction, rejected ones the reason. */
export function MyPayouts() {
  const payouts = useMyPayouts();
  if (payouts.isPending) return <Loading label="Loading your payouts..." />;
  if (payouts.isError) return <Alert tone="error">Your payouts could not be loaded. Reload the page to try again.</Alert>;

  if (payouts.data.payouts.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="payouts-empty">
        You have not requested a payout yet. Put a bitcoin address in both Recipient and Wallet address above to withdraw.
      </p>
    );
  }

  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
      {payouts.data.payouts.map((payout) => (
        <li key={payout.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="my-payout">
          <div className="min-w-0 text-sm text-slate-700">
            <p className="text-base font-semibold text-slate-900">{formatCents(payout.amountCents)}</p>
            <p>
              To <span className="font-mono break-all text-slate-900">{payout.walletAddress}</span>
            </p>
            <p>Requested {formatDateTime(payout.createdAt)}</p>
            {payout.status === "requested" && <p>Held from your Main Balance until it is sent.</p>}
            {payout.status === "paid" && (
              <p>
                Sent{payout.decidedAt ? ` ${formatDateTime(payout.decidedAt)}` : ""} · Transaction ID <span className="font-mono break-all text-slate-900">{payout.txId ?? "—"}</span>
              </p>
            )}
            {payout.status === "rejected" && (
              <>
                <p className="break-words text-danger-600">Reason: {payout.rejectReason ?? "—"}</p>
                <p>The amount is back in your Main Balance.</p>
              </>
            )}
          </div>
          <div className="shrink-0">
            <PayoutStatusBadge status={payout.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
