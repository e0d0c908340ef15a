import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { PayoutDto, PayoutStatus } from "#shared/schemas/payouts.js";
import type { TransferDto } from "#shared/schemas/transfers.js";
import { Badge } from "#web/components/ui/badge.js";
import { useMyPayouts } from "../api/payouts.js";
import { CONFIRMED } from "../send-money.js";
import { PayoutStatusBadge } from "./payout-status-badge.js";

export type SentMoney = { kind: "payout"; payout: PayoutDto } | { kind: "transfer"; transfer: TransferDto; toEmail: string };

export function SummaryRow({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={mono ? "font-mono text-sm break-all text-slate-900" : "text-sm break-words text-slate-900"}>{children}</dd>
    </div>
  );
}

/** A payout is requested, not sent: the words say so (docs/product.md, "The money model"). */
export function withdrawalRequested(amountCents: number): string {
  return `Withdrawal requested: ${formatCents(amountCents)} is held from your Main Balance until the operator sends it. You can cancel it while it is pending.`;
}

/** What became of a payout after it was requested, once an operator or the user has decided it. */
const DECIDED_NOTE: Record<Exclude<PayoutStatus, "requested">, string> = {
  paid: "Your payout has been sent.",
  rejected: "Your payout was not sent; the amount is back in your Main Balance.",
  cancelled: "You cancelled this payout; the amount is back in your Main Balance.",
};

/**
 * The reference's "Transaction summary", filled from what the server recorded. A payout's status
 * is read from the payouts list, so the summary follows a cancellation or an operator's decision.
 */
export function TransactionSummary({ sent }: { sent: SentMoney }) {
  const payouts = useMyPayouts();
  if (sent.kind === "transfer") {
    return (
      <div className="flex flex-col gap-3">
        <p className="font-semibold">{CONFIRMED}</p>
        <dl className="grid gap-3 sm:grid-cols-2">
          <SummaryRow label="Recipient">{`${sent.transfer.toName} (${sent.toEmail})`}</SummaryRow>
          <SummaryRow label="Amount">{formatCents(sent.transfer.amountCents)}</SummaryRow>
          <SummaryRow label="Status">
            <Badge tone="success">Completed</Badge>
          </SummaryRow>
          <SummaryRow label="Reference" mono>
            {sent.transfer.reference}
          </SummaryRow>
        </dl>
        <p className="text-sm">{`The money is in ${sent.transfer.toName}'s Main Balance now.`}</p>
      </div>
    );
  }
  const status = payouts.data?.items.find((row) => row.id === sent.payout.id)?.status ?? sent.payout.status;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold">{status === "requested" ? withdrawalRequested(sent.payout.amountCents) : `Withdrawal of ${formatCents(sent.payout.amountCents)}`}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <SummaryRow label="Recipient" mono>
          {sent.payout.walletAddress}
        </SummaryRow>
        <SummaryRow label="Amount">{formatCents(sent.payout.amountCents)}</SummaryRow>
        <SummaryRow label="Status">
          <PayoutStatusBadge status={status} />
        </SummaryRow>
        <SummaryRow label="Reference" mono>
          {sent.payout.id}
        </SummaryRow>
        {sent.payout.txId && (
          <SummaryRow label="Transaction ID" mono>
            {sent.payout.txId}
          </SummaryRow>
        )}
      </dl>
      {status !== "requested" && <p className="text-sm">{DECIDED_NOTE[status]}</p>}
    </div>
  );
}
