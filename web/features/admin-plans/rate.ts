import { formatRate } from "#shared/money.js";

export type RateParse = { ok: true; basisPoints: number } | { ok: false; message: string };

/**
 * "12.5" (or "12.5%") → 1250 basis points, by string arithmetic only: whole percent × 100 plus
 * the two decimals, so 0.1 + 0.2 style float surprises cannot creep into a plan's rate.
 */
export function parseRatePercent(input: string): RateParse {
  const text = input.trim().replace(/\s*%$/, "");
  if (text === "") return { ok: false, message: "Enter the rate in percent, for example 10 or 12.5." };
  const match = /^(\d{1,6})(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return { ok: false, message: "Enter the rate in percent, for example 10 or 12.5." };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: "Use at most two decimal places." };
  const basisPoints = Number.parseInt(whole || "0", 10) * 100 + Number.parseInt(fraction.padEnd(2, "0"), 10);
  if (basisPoints === 0) return { ok: false, message: "The rate must be above 0%." };
  return { ok: true, basisPoints };
}

/** 1250 → "12.5": what the rate field starts with. */
export function rateInputValue(basisPoints: number): string {
  return formatRate(basisPoints).replace(/%$/, "");
}
