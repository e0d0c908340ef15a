import { formatRate } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";

/** A plan's early-withdrawal terms; an investment carries the same two fields, fixed when it started. */
export type EarlyWithdrawalTerms = Pick<PlanDto, "earlyWithdrawalAllowed" | "earlyWithdrawalFeeBasisPoints">;

/** "2% fee, no profit", "no fee, no profit", or "Not allowed": the terms alone, beside a label. */
export function earlyWithdrawalShort(terms: EarlyWithdrawalTerms): string {
  if (!terms.earlyWithdrawalAllowed) return "Not allowed";
  const fee = terms.earlyWithdrawalFeeBasisPoints === 0 ? "no fee" : `${formatRate(terms.earlyWithdrawalFeeBasisPoints)} fee`;
  return `${fee}, no profit`;
}

/** "Early withdrawal: 2% fee, no profit" or "No early withdrawal": the terms as one line of a plan card, the calculator or the back office. */
export function earlyWithdrawalTerms(terms: EarlyWithdrawalTerms): string {
  return terms.earlyWithdrawalAllowed ? `Early withdrawal: ${earlyWithdrawalShort(terms)}` : "No early withdrawal";
}
