/**
 * What the countdown shows: "14:05" under an hour, "1:02:03" above, "0:00" once it ran out
 * (never negative). Whole seconds, rounded up, so "0:00" appears only at the deadline itself.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * What a screen reader is told, and only when it changes: at five minutes, at one minute and at
 * expiry. Between those moments the text stays the same, so the polite live region stays quiet.
 */
export function countdownMilestone(remainingMs: number): string {
  if (remainingMs <= 0) return "The invoice has expired.";
  if (remainingMs <= 60_000) return "Less than a minute left to pay this invoice.";
  if (remainingMs <= 5 * 60_000) return "Less than five minutes left to pay this invoice.";
  return "";
}

/** Bitcoin amounts as the server writes them ("0.00123456"), in satoshis, for comparing and subtracting. */
export function btcToSats(btc: string): bigint {
  const [whole = "0", fraction = ""] = btc.trim().split(".");
  return BigInt(whole || "0") * 100_000_000n + BigInt((fraction + "00000000").slice(0, 8));
}

export function satsToBtc(sats: bigint): string {
  const negative = sats < 0n;
  const abs = negative ? -sats : sats;
  return `${negative ? "-" : ""}${abs / 100_000_000n}.${String(abs % 100_000_000n).padStart(8, "0")}`;
}
