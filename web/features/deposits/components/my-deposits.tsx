import { formatCents } from "#shared/money.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { Link } from "react-router";
import { isInvoice, isOpenInvoice, useMyDeposits } from "../api/deposits.js";
import { describeMethod } from "../labels.js";
import { DepositStatusBadge } from "./deposit-status-badge.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

const SHOWN = 10;

/** The caller's latest deposits (newest first), so a pending claim is visible right after it is made. */
export function MyDeposits() {
  const deposits = useMyDeposits();
  if (deposits.isPending) return <Loading label="Loading your deposits..." />;
  if (deposits.isError) return <Alert tone="error">Your deposits could not be loaded. Reload the page to try again.</Alert>;

  const list = deposits.data.items.slice(0, SHOWN);
  if (list.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="deposits-empty">
        <p>You have not made a deposit yet. Send crypto or make a bank transfer to fund your account: Deposit, in the menu.</p>
      </div>
    );
  }

  return (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
      {list.map((deposit) => (
        <li key={deposit.id} id={subjectAnchor("deposit", deposit.id)} className="flex scroll-mt-24 flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="my-deposit">
          <div className="min-w-0">
            <DepositAmount deposit={deposit} />
            <p className="text-sm text-slate-700">
              Reference <span className="font-mono">{deposit.reference}</span> · {formatDateTime(deposit.createdAt)}
            </p>
            {deposit.creditNote && <p className="text-sm break-words text-slate-700">Why: {deposit.creditNote}</p>}
            {(deposit.status === "rejected" || deposit.status === "invalid") && deposit.rejectReason && <p className="text-sm text-danger-600">Reason: {deposit.rejectReason}</p>}
            {deposit.refundTxId && <p className="text-sm break-all text-slate-700">Refunded in transaction <span className="font-mono">{deposit.refundTxId}</span></p>}
            {isInvoice(deposit) && (
              <Link to={`/dashboard/transfer/crypto/${encodeURIComponent(deposit.id)}`} className="text-sm font-medium text-brand-700 underline" data-testid="invoice-link">
                {isOpenInvoice(deposit) ? "Pay or follow this invoice" : "See this invoice"}
                <span className="sr-only"> ({deposit.reference})</span>
              </Link>
            )}
          </div>
          <div className="shrink-0">
            <DepositStatusBadge status={deposit.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The main figure is what reached the Main Balance, so a confirmed deposit's figures add up to Total
 * Transaction; the claim stands beside it, struck, when the operator credited another amount. A
 * deposit not credited (waiting, rejected, expired) shows its claim, labelled as one.
 */
function DepositAmount({ deposit }: { deposit: DepositDto }) {
  const method = <span className="font-normal text-slate-700"> · {describeMethod(deposit)}</span>;
  // A settled invoice was credited like a confirmed deposit (automatically, or by the operator).
  if (deposit.status !== "confirmed" && deposit.status !== "settled") {
    return (
      <p className="font-semibold text-slate-900" data-testid="deposit-amount">
        {formatCents(deposit.amountCents)} <span className="font-normal text-slate-700">claimed, not credited</span>
        {method}
      </p>
    );
  }
  const credited = deposit.receivedCents ?? deposit.amountCents;
  return (
    <p className="font-semibold text-slate-900" data-testid="deposit-amount">
      <span data-testid="deposit-credited">{formatCents(credited)}</span> <span className="font-normal text-slate-700">credited</span>
      {credited !== deposit.amountCents && (
        <span className="font-normal text-slate-700">
          {" "}
          (you declared <s data-testid="deposit-claimed">{formatCents(deposit.amountCents)}</s>)
        </span>
      )}
      {method}
    </p>
  );
}
