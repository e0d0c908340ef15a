import { formatCents } from "#shared/money.js";
import { Alert } from "#web/components/ui/alert.js";
import { LinkButton } from "#web/components/ui/button.js";
import { Loading } from "#web/components/ui/spinner.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { useMyDeposits } from "../api/deposits.js";
import { describeMethod } from "../labels.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

const SHOWN = 10;

/** The caller's latest deposits (newest first), so a pending claim is visible right after it is made. */
export function MyDeposits() {
  const deposits = useMyDeposits();
  if (deposits.isPending) return <Loading label="Loading your deposits..." />;
  if (deposits.isError) return <Alert tone="error">Your deposits could not be loaded. Reload the page to try again.</Alert>;

  const list = deposits.data.deposits.slice(0, SHOWN);
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="deposits-empty">
        <p>You have not made a deposit yet. Send crypto or make a bank transfer to fund your account.</p>
        <LinkButton to="/dashboard/transfer">Make a deposit</LinkButton>
      </div>
    );
  }

  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
      {list.map((deposit) => (
        <li key={deposit.id} id={subjectAnchor("deposit", deposit.id)} className="flex scroll-mt-24 flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="my-deposit">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {formatCents(deposit.amountCents)} <span className="font-normal text-slate-700">· {describeMethod(deposit)}</span>
            </p>
            <p className="text-sm text-slate-700">
              Reference <span className="font-mono">{deposit.reference}</span> · {formatDateTime(deposit.createdAt)}
            </p>
            {deposit.status === "confirmed" && deposit.receivedCents !== null && deposit.receivedCents !== deposit.amountCents && (
              <p className="text-sm text-slate-700">Received: {formatCents(deposit.receivedCents)}</p>
            )}
            {deposit.status === "rejected" && deposit.rejectReason && <p className="text-sm text-danger-600">Reason: {deposit.rejectReason}</p>}
          </div>
          <div className="shrink-0">
            <DepositStatusBadge status={deposit.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
