import { formatBtc, formatCents, satsToCentsRoundedDown, type Cents, type CentsPerBtc, type Sats } from "#shared/money.js";
import type { InvoiceCreditRate, InvoiceException } from "#shared/schemas/deposits.js";
import { AppError } from "#server/errors.js";
import type { DepositRow } from "./deposit-dto.js";
import { receivedSats } from "./invoice-state.js";

/**
 * What an operator's "Credit what arrived" makes of an expired invoice: the
 * satoshis present on the chain, at the rate the invoice was locked at or, for a payment that
 * arrived late only, the rate now (a short payment in time keeps the rate the investor was shown).
 * Pure: decide-deposit.ts locks the row, asks this, and posts what it says.
 */
export interface InvoiceCredit {
  sats: Sats;
  rate: CentsPerBtc;
  cents: Cents;
  /** In the investor's words: why the credit is what it is. */
  note: string;
}

export const CURRENT_RATE_LATE_ONLY = "The current rate is for a late payment only: a short payment made in time is credited at the rate the invoice was locked at.";
export const CHOOSE_RATE = "Choose the rate: the one the invoice was locked at, or the current one.";

/** The fields an invoice row has (deposit_invoice_whole holds them together). */
type InvoiceRow = Pick<DepositRow, "rateCentsPerBtc" | "amountSats" | "payments" | "exception">;

export function invoiceCredit(row: InvoiceRow, choice: InvoiceCreditRate | undefined, currentRate: CentsPerBtc | undefined): InvoiceCredit {
  if (row.rateCentsPerBtc === null || row.amountSats === null) throw new Error("invoiceCredit called on a deposit that is not an invoice");
  if (choice === undefined) throw new AppError("VALIDATION_FAILED", CHOOSE_RATE, { rate: CHOOSE_RATE });
  const exception = row.exception as InvoiceException | null;
  if (choice === "current" && exception !== "paid_late") throw new AppError("VALIDATION_FAILED", CURRENT_RATE_LATE_ONLY, { rate: CURRENT_RATE_LATE_ONLY });
  const sats = receivedSats(row.payments ?? []);
  if (sats === 0n) throw new AppError("CONFLICT", "Nothing has arrived on this invoice's address, so there is nothing to credit: mark it invalid instead.");
  const rate = choice === "locked" ? row.rateCentsPerBtc : currentRate;
  if (rate === undefined) throw new Error("the current rate was chosen but not given");
  const cents = satsToCentsRoundedDown(sats, rate);
  if (cents === 0n) throw new AppError("CONFLICT", `${formatBtc(sats)} BTC is worth less than a cent: there is nothing to credit. Mark the invoice invalid instead.`);
  const at = `${choice === "locked" ? "the rate it was locked at" : "the rate when it was credited"}, ${formatCents(rate)} per bitcoin`;
  const note =
    exception === "paid_late"
      ? `The payment arrived after the invoice expired: ${formatBtc(sats)} BTC was credited at ${at}, ${formatCents(cents)}.`
      : `${formatBtc(sats)} BTC of the ${formatBtc(row.amountSats)} BTC asked arrived before the invoice expired: it was credited at ${at}, ${formatCents(cents)}.`;
  return { sats, rate, cents, note };
}
