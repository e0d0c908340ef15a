import { formatCents, parseAmount } from "#shared/money.js";

export const EMPTY_AMOUNT_MESSAGE = "Please enter an amount first.";

export type AmountCheck = { ok: true; cents: number } | { ok: false; message: string };

const REASONS = {
  "invalid": "Enter the amount in dollars, for example 250 or 250.50.",
  "not-positive": "The amount must be more than zero.",
  "too-precise": "Use at most two decimal places.",
} as const;

/**
 * What the user typed (dollars) → whole cents for the API, or the message to show. All parsing
 * goes through shared/money.ts; here we only compare against the limits the server published.
 */
export function checkAmount(text: string, limits?: { minCents: number; maxCents: number }): AmountCheck {
  if (text.trim() === "") return { ok: false, message: EMPTY_AMOUNT_MESSAGE };
  const parsed = parseAmount(text);
  if (!parsed.ok) return { ok: false, message: REASONS[parsed.reason] };
  if (limits && parsed.cents < BigInt(limits.minCents)) return { ok: false, message: `The smallest deposit is ${formatCents(limits.minCents)}.` };
  if (limits && parsed.cents > BigInt(limits.maxCents)) return { ok: false, message: `The largest deposit is ${formatCents(limits.maxCents)}.` };
  // JSON carries cents as a number; anything past 2^53 could not be sent exactly.
  if (parsed.cents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "That amount is too large." };
  return { ok: true, cents: Number(parsed.cents) };
}
