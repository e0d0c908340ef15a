import { INVALID_AMOUNT, projectReturn } from "#shared/calculator.js";
import type { Cents } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";

export const EMPTY_AMOUNT = "Please enter an amount first.";
export const NOT_ENOUGH = "Your available balance is not enough for this investment. Deposit funds first.";
const BAD_NUMBER = "Enter the amount in dollars, for example 1000 or 1000.50.";

export type InvestmentCheck =
  | { ok: true; amountCents: number; principalCents: Cents; profitCents: Cents; totalCents: Cents }
  | { ok: false; message: string };

/**
 * What the user typed → the amount to send and what maturity would pay, by the calculator's rule
 * (the one the server settles with). `availableCents` is left out when the balance is unknown;
 * the server checks it either way.
 */
export function checkInvestment(plan: PlanDto, text: string, availableCents?: number): InvestmentCheck {
  if (text.trim() === "") return { ok: false, message: EMPTY_AMOUNT };
  const projection = projectReturn(plan, text);
  if (!projection.ok) return { ok: false, message: projection.message === INVALID_AMOUNT ? BAD_NUMBER : projection.message };
  if (availableCents !== undefined && projection.principalCents > BigInt(availableCents)) return { ok: false, message: NOT_ENOUGH };
  // JSON carries cents as a number; past 2^53 it could not be sent exactly.
  if (projection.principalCents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "That amount is too large." };
  const { principalCents, profitCents, totalCents } = projection;
  return { ok: true, amountCents: Number(principalCents), principalCents, profitCents, totalCents };
}

/** Whether the balance reaches the plan's minimum (unknown balance: let the user try). */
export function canAfford(plan: Pick<PlanDto, "minimumCents">, availableCents: number | undefined): boolean {
  return availableCents === undefined || availableCents >= plan.minimumCents;
}
