import { applyRate, formatWholeDollars, parseAmount, type Cents } from "./money.js";
import type { PlanDto } from "./plans.js";

export const INVALID_AMOUNT = "Invalid amount";

export type Projection =
  | { ok: true; principalCents: Cents; profitCents: Cents; totalCents: Cents; termDays: number }
  | { ok: false; message: string };

/**
 * What a plan pays on an amount: profit = amount × rate (half-up to the cent), total = amount +
 * profit, at the end of the plan's term. The same rule settles real investments.
 */
export function projectReturn(plan: Pick<PlanDto, "name" | "minimumCents" | "rateBasisPoints" | "termDays">, input: string): Projection {
  const parsed = parseAmount(input);
  if (!parsed.ok) {
    return { ok: false, message: parsed.reason === "too-precise" ? "Use at most two decimal places." : INVALID_AMOUNT };
  }
  const minimum = BigInt(plan.minimumCents);
  if (parsed.cents < minimum) {
    return { ok: false, message: `The minimum for ${plan.name} is ${formatWholeDollars(minimum)}.` };
  }
  const profitCents = applyRate(parsed.cents, plan.rateBasisPoints);
  return { ok: true, principalCents: parsed.cents, profitCents, totalCents: parsed.cents + profitCents, termDays: plan.termDays };
}
