import * as z from "zod/mini";
import { cursorQueryFields, listOf } from "./paging.js";

/** The six dashboard figures (docs/product.md, "The six figures"), all from the ledger, in cents. */
export const summaryDto = z.object({
  mainBalanceCents: z.number(),
  interestBalanceCents: z.number(),
  totalInvestCents: z.number(),
  totalPayoutCents: z.number(),
  totalTransactionCents: z.number(),
  totalBalanceCents: z.number(),
  /** Deposits the user says they sent that no operator has confirmed yet: not money until then. */
  pendingDepositsCents: z.number(),
  /** Withdrawals requested and not yet sent, rejected or cancelled: held, out of the Main Balance. */
  pendingWithdrawalsCents: z.number(),
});
export type SummaryDto = z.infer<typeof summaryDto>;

/** Events a history page holds unless `limit` says otherwise. */
export const HISTORY_LIMIT_DEFAULT = 20;

export const historyQuerySchema = z.object({
  ...cursorQueryFields,
  format: z.optional(z.enum(["json", "csv"])),
});

const HISTORY_STATUSES = ["completed", "pending", "rejected", "expired"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

/** One business event each (docs/product.md, "History"). The deposit_* ones other than confirmed moved no money. */
export const HISTORY_EVENTS = [
  "deposit_confirmed",
  "deposit_pending",
  "deposit_rejected",
  "deposit_expired",
  "investment_started",
  "maturity_paid",
  "investment_rolled_over",
  "early_withdrawal",
  "withdrawal_requested",
  "withdrawal_sent",
  "withdrawal_rejected",
  "withdrawal_cancelled",
  "transfer_sent",
  "transfer_received",
  "money_request_paid",
  "adjustment",
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export const historyEntryDto = z.object({
  /** The journal's id, or the deposit's for a deposit that never reached the ledger. */
  id: z.string(),
  date: z.string(),
  event: z.enum(HISTORY_EVENTS),
  /** The event in words: "Deposit confirmed", "Maturity paid", "Transfer received". */
  title: z.string(),
  /** What happened, with the amounts that did not change the Main Balance (a maturity's principal and profit). */
  description: z.string(),
  /** Signed effect on the Main Balance: 0 when the event moved none of it (a withdrawal sent, a rejected deposit). */
  mainBalanceChangeCents: z.number(),
  /** The Main Balance right after this event; null when the event did not touch it. */
  mainBalanceAfterCents: z.nullable(z.number()),
  /** "pending" for a deposit not confirmed yet or a withdrawal not sent yet; "completed" once it is done. */
  status: z.enum(HISTORY_STATUSES),
  reference: z.string(),
  /** A transfer's note in its sender's words (a paid request's, the requester's); null for everything else. */
  note: z.nullable(z.string()),
});
export type HistoryEntryDto = z.infer<typeof historyEntryDto>;

/** A page of the statement, newest first; `nextCursor` leads to older events. */
export const historyPageDto = listOf(historyEntryDto);
export type HistoryPageDto = z.infer<typeof historyPageDto>;
