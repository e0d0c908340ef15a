import * as z from "zod/mini";
import { formatParam, isoDateParam } from "./admin-list.js";

/** The longest period one reconciliation covers, in days. */
export const RECONCILIATION_MAX_DAYS = 366;

/** GET /api/admin/reconciliation: whole UTC days, both included; the last 30 days by default. */
export const reconciliationQuery = z.object({ from: isoDateParam("from"), to: isoDateParam("to"), format: formatParam });

/**
 * One UTC day: each business figure beside the platform account that must mirror it, and their
 * difference (business − ledger; anything but 0 is a problem to explain). Cents.
 */
export const reconciliationDayDto = z.object({
  day: z.string(),
  depositsConfirmedCents: z.number(),
  depositsLedgerCents: z.number(),
  depositsDifferenceCents: z.number(),
  payoutsPaidCents: z.number(),
  payoutsLedgerCents: z.number(),
  payoutsDifferenceCents: z.number(),
  profitPaidCents: z.number(),
  interestLedgerCents: z.number(),
  interestDifferenceCents: z.number(),
  /** Early-withdrawal fees kept, beside the fees account. */
  feesChargedCents: z.number(),
  feesLedgerCents: z.number(),
  feesDifferenceCents: z.number(),
  /** Σ of every user's available, invested and payout hold at the end of the day. */
  liabilitiesCents: z.number(),
});
export type ReconciliationDay = z.infer<typeof reconciliationDayDto>;

export const reconciliationDto = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(reconciliationDayDto),
  /** Days with any difference. */
  daysWithDifferences: z.number(),
});
export type ReconciliationDto = z.infer<typeof reconciliationDto>;

/** POST /api/admin/ledger-check: verifyLedger run now. */
export const ledgerCheckDto = z.object({ checkedAt: z.string(), problems: z.array(z.string()) });
export type LedgerCheckDto = z.infer<typeof ledgerCheckDto>;

/** Whether a day shows any difference (the screen highlights it, the count above uses it). */
export const hasDifference = (day: ReconciliationDay) =>
  day.depositsDifferenceCents !== 0 || day.payoutsDifferenceCents !== 0 || day.interestDifferenceCents !== 0 || day.feesDifferenceCents !== 0;
