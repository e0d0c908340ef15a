import { formatCents, toJsonCents } from "#shared/money.js";
import { BANK_NAMES, type BankKey } from "#shared/schemas/deposits.js";
import type { HistoryEntryDto, HistoryEvent, HistoryStatus } from "#shared/schemas/ledger.js";

/**
 * One journal as the history reads it: the journal and what it did to each of the user's own
 * accounts (their postings, summed), or a deposit that never reached the ledger.
 */
export interface HistoryRow {
  id: string;
  date: Date;
  /** The journal's kind; "deposit" for a deposit row that is not on the ledger. */
  kind: string;
  /** The journal's idempotency key (null for a deposit row): `money-request:<id>` marks a paid request. */
  key: string | null;
  reference: string;
  /** "completed" for a journal, but "pending" for a withdrawal still waiting to be sent; a deposit row's own status otherwise. */
  status: HistoryStatus;
  mainChange: bigint;
  /** The Main Balance after this journal, as post_journal recorded it; null when the journal did not touch it. */
  mainAfter: bigint | null;
  investedChange: bigint;
  holdChange: bigint;
  /** What a deposit row claims was sent (it credited nothing). */
  claimed: bigint | null;
  method: string | null;
  coin: string | null;
  bank: string | null;
  /** The other person of a transfer. */
  otherName: string | null;
  otherEmail: string | null;
  /** A transfer's note, in its sender's words (a money request's, for a paid request). */
  note: string | null;
}

const NOT_CREDITED: Record<Exclude<HistoryStatus, "completed">, { event: HistoryEvent; title: string; why: string }> = {
  pending: { event: "deposit_pending", title: "Deposit waiting for confirmation", why: "not credited until an operator confirms it arrived" },
  rejected: { event: "deposit_rejected", title: "Deposit rejected", why: "not credited" },
  expired: { event: "deposit_expired", title: "Deposit expired", why: "never confirmed, not credited" },
};

function depositName(row: HistoryRow): string {
  if (row.method === "crypto") return `Crypto deposit (${row.coin ?? "BTC"})`;
  if (row.method === "bank") return `Bank deposit (${(row.bank && BANK_NAMES[row.bank as BankKey]) || "bank"})`;
  return "Deposit";
}

function other(row: HistoryRow): string {
  if (!row.otherName) return row.otherEmail ?? "another user";
  return row.otherEmail ? `${row.otherName} (${row.otherEmail})` : row.otherName;
}

/** The event's kind, title and words, from the journal's kind and the signs of its postings on the user's accounts. */
function describe(row: HistoryRow): { event: HistoryEvent; title: string; description: string } {
  const cents = (value: bigint) => formatCents(value < 0n ? -value : value);
  switch (row.kind) {
    case "deposit": {
      if (row.status !== "completed") {
        const { event, title, why } = NOT_CREDITED[row.status as keyof typeof NOT_CREDITED];
        return { event, title, description: `${depositName(row)} of ${cents(row.claimed ?? 0n)}: ${why}` };
      }
      return { event: "deposit_confirmed", title: "Deposit confirmed", description: depositName(row) };
    }
    case "investment":
      return { event: "investment_started", title: "Investment started", description: `${row.reference || "Plan"}: ${cents(row.investedChange)} invested` };
    case "maturity": {
      const principal = -row.investedChange;
      return {
        event: "maturity_paid",
        title: "Maturity paid",
        description: `${row.reference || "Plan"}: principal ${cents(principal)} + profit ${cents(row.mainChange - principal)}`,
      };
    }
    case "rollover":
      // The principal stayed invested; the profit went to the Main Balance or into the new investment.
      return row.mainChange > 0n
        ? {
            event: "investment_rolled_over",
            title: "Investment rolled over",
            description: `${row.reference || "Plan"}: profit ${cents(row.mainChange)} paid; the principal started a new investment`,
          }
        : {
            event: "investment_rolled_over",
            title: "Investment rolled over",
            // Only the profit moved (into invested): the principal never left it.
            description: `${row.reference || "Plan"}: profit ${cents(row.investedChange)} added to the principal, which started a new investment`,
          };
    case "early_withdrawal": {
      const principal = -row.investedChange;
      return {
        event: "early_withdrawal",
        title: "Withdrawn early",
        description: `${row.reference || "Plan"}: principal ${cents(principal)} less a ${cents(principal - row.mainChange)} early-withdrawal fee, no profit`,
      };
    }
    case "payout_request":
      return { event: "withdrawal_requested", title: "Withdrawal requested", description: "Held from your Main Balance until it is sent to your wallet" };
    case "payout_paid":
      return { event: "withdrawal_sent", title: "Withdrawal sent", description: `${cents(row.holdChange)} sent to your wallet (taken from your Main Balance when you asked)` };
    case "payout_rejected":
      return { event: "withdrawal_rejected", title: "Withdrawal rejected", description: "Not sent; returned to your Main Balance" };
    case "payout_cancelled":
      return { event: "withdrawal_cancelled", title: "Withdrawal cancelled", description: "Returned to your Main Balance" };
    case "transfer":
      if (row.key?.startsWith("money-request:")) {
        return { event: "money_request_paid", title: "Money request paid", description: row.mainChange < 0n ? `You paid ${other(row)}'s request` : `${other(row)} paid your request` };
      }
      return row.mainChange < 0n
        ? { event: "transfer_sent", title: "Transfer sent", description: `To ${other(row)}` }
        : { event: "transfer_received", title: "Transfer received", description: `From ${other(row)}` };
    default:
      return { event: "adjustment", title: "Adjustment", description: row.reference || "A correction by the operator" };
  }
}

/** One history row for one business event: what happened in words, its effect on the Main Balance and the balance after it. */
export function toHistoryEntry(row: HistoryRow): HistoryEntryDto {
  return {
    id: row.id,
    date: row.date.toISOString(),
    ...describe(row),
    mainBalanceChangeCents: toJsonCents(row.mainChange),
    mainBalanceAfterCents: row.mainAfter === null ? null : toJsonCents(row.mainAfter),
    status: row.status,
    reference: row.reference,
    note: row.note,
  };
}
