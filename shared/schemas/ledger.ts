import * as z from "zod/mini";

/** The six dashboard figures (docs/product.md, "The six figures"), all from the ledger, in cents. */
export interface SummaryDto {
  mainBalanceCents: number;
  interestBalanceCents: number;
  totalInvestCents: number;
  totalPayoutCents: number;
  totalTransactionCents: number;
  totalBalanceCents: number;
}

export const historyQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int("page must be a whole number."), z.minimum(1, "page starts at 1."), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100, "pageSize is at most 100."))),
  format: z.optional(z.enum(["json", "csv"])),
});

export type HistoryStatus = "completed" | "pending" | "rejected" | "expired";

export interface HistoryEntryDto {
  id: string;
  date: string;
  /** e.g. "Deposit", "Investment", "Maturity", "Payout". */
  type: string;
  description: string;
  /** Signed: money into the user's balances is positive. */
  amountCents: number;
  status: HistoryStatus;
  reference: string;
}

export interface HistoryPageDto {
  entries: HistoryEntryDto[];
  page: number;
  pageSize: number;
  total: number;
}
