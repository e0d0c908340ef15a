/**
 * Money is integer cents everywhere. These helpers are the only place amounts are
 * formatted, parsed or multiplied, so rounding is decided once.
 */

const CENTS_PER_UNIT = 100n;

/** Thousands separators on a whole number of any size (no float conversion). */
function group(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export type Cents = bigint;

/** bigint cents to a JSON number; every balance we can hold fits, and anything else is a bug to stop on. */
export function toJsonCents(cents: Cents): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${cents}`);
  return Number(cents);
}

/** `123456n` → `"$1,234.56"`; negative amounts keep their sign in front of the symbol. */
export function formatCents(cents: Cents | number): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / CENTS_PER_UNIT;
  const fraction = abs % CENTS_PER_UNIT;
  return `${negative ? "-" : ""}$${group(whole)}.${fraction.toString().padStart(2, "0")}`;
}

/** "$1,234.50 USD": where a page also names another currency (a bank account's), every amount says which it is. */
export function formatUsd(cents: Cents | number): string {
  return `${formatCents(cents)} USD`;
}

/** `-12345` → `"-123.45"`: a plain decimal for spreadsheets (no currency symbol or separators). */
export function centsToDecimal(cents: Cents | number): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / CENTS_PER_UNIT}.${(abs % CENTS_PER_UNIT).toString().padStart(2, "0")}`;
}

/**
 * `"65432.10"` → `"$65,432.10"`: a decimal of dollars as `centsToDecimal` writes it (the API's
 * `rateUsd`, say) shown like any other amount. Anything else is a bug to stop on, not to guess at.
 */
export function formatDecimalUsd(decimal: string): string {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(decimal);
  if (!match) throw new RangeError(`not a decimal amount of dollars: ${decimal}`);
  const cents = BigInt(match[2]!) * CENTS_PER_UNIT + BigInt(match[3]!);
  return formatCents(match[1] ? -cents : cents);
}

/** Whole-dollar display for plan minimums: `100000n` → `"$1,000"`. */
export function formatWholeDollars(cents: Cents | number): string {
  const value = BigInt(cents);
  if (value % CENTS_PER_UNIT !== 0n) return formatCents(value);
  return `$${group(value / CENTS_PER_UNIT)}`;
}

export type ParseAmountResult = { ok: true; cents: Cents } | { ok: false; reason: "invalid" | "not-positive" | "too-precise" };

/** Parses what a person types ("1,000.5", "250") into cents, refusing more than two decimals. */
export function parseAmount(input: string): ParseAmountResult {
  const text = input.trim().replace(/,/g, "");
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^(-)?()\.(\d+)$/.exec(text);
  if (!match) return { ok: false, reason: "invalid" };
  const [, sign, whole = "", fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, reason: "too-precise" };
  const cents = BigInt(whole || "0") * CENTS_PER_UNIT + BigInt(fraction.padEnd(2, "0") || "0");
  if (sign || cents === 0n) return { ok: false, reason: "not-positive" };
  return { ok: true, cents };
}

/** amount × basisPoints / 10,000, rounded half-up to the cent (amounts here are never negative). */
export function applyRate(cents: Cents, basisPoints: number): Cents {
  if (cents < 0n) throw new RangeError("applyRate expects a non-negative amount");
  const numerator = cents * BigInt(basisPoints);
  return (numerator + 5_000n) / 10_000n;
}

/** `1000` basis points → `"10%"`, `1250` → `"12.5%"`. */
export function formatRate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}%`;
}

export const DAYS_PER_YEAR = 365;

/**
 * The simple annual equivalent of a rate paid once over `termDays`: rate × 365 / term, in basis
 * points, rounded down (an approximation must never overstate). 1000 bp over 14 days → 26071 bp.
 */
export function annualEquivalentBasisPoints(basisPoints: number, termDays: number): number {
  if (!Number.isInteger(basisPoints) || !Number.isInteger(termDays) || termDays <= 0) throw new RangeError("rate and term must be whole numbers, the term positive");
  return Math.floor((basisPoints * DAYS_PER_YEAR) / termDays);
}

/** "≈ 260% a year" for 10% over 14 days: whole percents from 10% up, else one decimal, rounded down. */
export function formatAnnualEquivalent(basisPoints: number, termDays: number): string {
  const annual = annualEquivalentBasisPoints(basisPoints, termDays);
  const shown = annual >= 1000 ? annual - (annual % 100) : annual - (annual % 10);
  return `≈ ${formatRate(shown)} a year`;
}

/*
 * Bitcoin. Amounts of bitcoin are integer satoshis (`Sats`, 100,000,000 to the bitcoin); a price of
 * bitcoin is integer US cents per whole bitcoin (`CentsPerBtc`: $65,432.10 a bitcoin is 6543210n).
 * A cent of precision on a whole bitcoin is about one part in ten million of the price, far finer
 * than the 1 % the rate sources may differ by. The conversions round in the investor's disfavour
 * exactly once each way: what to send is rounded up to the satoshi, what is credited is rounded down
 * to the cent, so paying an invoice exactly is credited at least its dollar amount and a credit is
 * never worth more than the bitcoin that arrived.
 */

export type Sats = bigint;
/** US cents per whole bitcoin. */
export type CentsPerBtc = bigint;

export const SATS_PER_BTC = 100_000_000n;
/** Every bitcoin there will ever be, in satoshis: no amount of bitcoin is larger. */
export const MAX_SATS = 21_000_000n * SATS_PER_BTC;

function checkRate(rate: CentsPerBtc): void {
  if (rate <= 0n) throw new RangeError(`a bitcoin rate must be positive, got ${rate}`);
}

/** The satoshis that pay `cents` at `rate`: cents × 10⁸ / rate, rounded up (an invoice never asks for less than its dollars). */
export function centsToSatsRoundedUp(cents: Cents, rate: CentsPerBtc): Sats {
  checkRate(rate);
  if (cents < 0n) throw new RangeError("centsToSatsRoundedUp expects a non-negative amount");
  const numerator = cents * SATS_PER_BTC;
  return (numerator + rate - 1n) / rate;
}

/** What `sats` are worth at `rate`, in cents: sats × rate / 10⁸, rounded down (a credit never exceeds what arrived). */
export function satsToCentsRoundedDown(sats: Sats, rate: CentsPerBtc): Cents {
  checkRate(rate);
  if (sats < 0n) throw new RangeError("satsToCentsRoundedDown expects a non-negative amount");
  return (sats * rate) / SATS_PER_BTC;
}

/** `123456n` → `"0.00123456"`: bitcoin as a plain decimal with all 8 places (BIP21's `amount=`, `amountBtc`). */
export function formatBtc(sats: Sats): string {
  if (sats < 0n) throw new RangeError("formatBtc expects a non-negative amount");
  return `${sats / SATS_PER_BTC}.${(sats % SATS_PER_BTC).toString().padStart(8, "0")}`;
}

/** `"0.00123456"` → `123456n`: a plain decimal of at most 8 places, not above 21 million; null otherwise. */
export function parseBtc(text: string): Sats | null {
  const match = /^(\d{1,8})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return null;
  const sats = BigInt(match[1]!) * SATS_PER_BTC + BigInt((match[2] ?? "").padEnd(8, "0"));
  return sats <= MAX_SATS ? sats : null;
}

/**
 * A price as an exchange writes it (`"65432.10000"`, `"65432.105"`) → cents per bitcoin, rounded
 * half up to the cent. Only a plain positive decimal is read (no sign, exponent, separators or
 * spaces); null for anything else, zero included, and for a price above a billion dollars.
 */
export function parseUsdPrice(text: string): CentsPerBtc | null {
  const match = /^(\d{1,10})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? "";
  const cents = BigInt(match[1]!) * CENTS_PER_UNIT + BigInt(fraction.slice(0, 2).padEnd(2, "0")) + (fraction.length > 2 && fraction[2]! >= "5" ? 1n : 0n);
  return cents > 0n && cents <= 100_000_000_000n ? cents : null;
}
