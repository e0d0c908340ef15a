import { formatRate } from "#shared/money.js";

export type RateParse = { ok: true; basisPoints: number } | { ok: false; message: string };

/**
 * "12.5" (or "12.5%") → 1250 basis points, by string arithmetic only: whole percent × 100 plus
 * the two decimals, so 0.1 + 0.2 style float surprises cannot creep into a plan's rate.
 */
export function parseRatePercent(input: string, options: { noun: "rate" | "fee" } = { noun: "rate" }): RateParse {
  const text = input.trim().replace(/\s*%$/, "");
  const example = `Enter the ${options.noun} in percent, for example ${options.noun === "rate" ? "10 or 12.5" : "2 or 0.5"}.`;
  if (text === "") return { ok: false, message: example };
  const match = /^(\d{1,6})(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return { ok: false, message: example };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, message: "Use at most two decimal places." };
  const basisPoints = Number.parseInt(whole || "0", 10) * 100 + Number.parseInt(fraction.padEnd(2, "0"), 10);
  // A plan may waive the early-withdrawal fee; it cannot promise no return.
  if (basisPoints === 0 && options.noun === "rate") return { ok: false, message: "The rate must be above 0%." };
  return { ok: true, basisPoints };
}

/** 1250 → "12.5": what the rate field starts with. */
export function rateInputValue(basisPoints: number): string {
  return formatRate(basisPoints).replace(/%$/, "");
}
