import * as z from "zod/mini";

/** The six dashboard figures (docs/product.md, "The six figures"), all from the ledger, in cents. */
export const summaryDto = z.object({
  mainBalanceCents: z.number(),
  interestBalanceCents: z.number(),
  totalInvestCents: z.number(),
  totalPayoutCents: z.number(),
  totalTransactionCents: z.number(),
  totalBalanceCents: z.number(),
});
export type SummaryDto = z.infer<typeof summaryDto>;

export const historyQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int("page must be a whole number."), z.minimum(1, "page starts at 1."), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100, "pageSize is at most 100."))),
  format: z.optional(z.enum(["json", "csv"])),
});

const HISTORY_STATUSES = ["completed", "pending", "rejected", "expired"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const historyEntryDto = z.object({
  id: z.string(),
  date: z.string(),
  /** e.g. "Deposit", "Investment", "Maturity", "Payout". */
  type: z.string(),
  description: z.string(),
  /** Signed: money into the user's balances is positive. */
  amountCents: z.number(),
  status: z.enum(HISTORY_STATUSES),
  reference: z.string(),
});
export type HistoryEntryDto = z.infer<typeof historyEntryDto>;

export const historyPageDto = z.object({
  entries: z.array(historyEntryDto),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type HistoryPageDto = z.infer<typeof historyPageDto>;
