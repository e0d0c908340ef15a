import type { InvoiceException } from "#shared/schemas/deposits.js";
import type { Sats } from "#shared/money.js";
import type { StoredPayment } from "#server/db/schema.js";
import type { AddressPayment } from "../bitcoin/esplora/chain-sources.js";

/**
 * What an invoice becomes after a chain reading all sources agreed on (decision 0054). Pure: the
 * watcher (watch-invoices.ts) locks the row, calls this, and writes what it says.
 *
 * - A transaction's first-seen time is the watcher's clock the first time any reading showed it
 *   (in the mempool or in a block); it never changes afterwards. A transaction that has left the
 *   chain is kept, marked `gone`, and no longer counts.
 * - Paid in full in time: everything that arrived was first seen before expiry and adds up to the
 *   invoice's satoshis at least. It is credited (`credit`) once every payment has the required
 *   confirmations, and none is unconfirmed while signalling replace-by-fee; until then it is
 *   `processing`, even past expiry. More than asked is `paid_over`, credited in full.
 * - Any payment first seen at or after expiry: `expired` + `paid_late`, for the operator.
 * - Short at expiry: `expired` + `paid_partial` (`expired` alone when nothing arrived).
 * - Before expiry and short: `new` while nothing was seen, `processing` once something was.
 */

export type OpenStatus = "new" | "processing" | "expired";

export interface InvoiceView {
  status: OpenStatus;
  exception: InvoiceException | null;
  amountSats: Sats;
  requiredConfirmations: number;
  expiresAt: Date;
  payments: StoredPayment[];
}

export interface InvoiceStep {
  status: OpenStatus | "settled";
  exception: InvoiceException | null;
  payments: StoredPayment[];
  /** Set when the invoice is to be credited now: the satoshis that arrived. */
  credit: Sats | null;
}

/** The stored list after a reading: every txid seen so far, present ones updated, first-seen kept. */
export function mergePayments(stored: readonly StoredPayment[], seen: readonly AddressPayment[], now: Date): StoredPayment[] {
  const before = new Map(stored.map((payment) => [payment.txid, payment]));
  const current = new Set(seen.map((payment) => payment.txid));
  const merged: StoredPayment[] = seen.map((payment) => ({
    txid: payment.txid,
    sats: payment.sats.toString(),
    confirmations: payment.confirmations,
    blockHeight: payment.blockHeight,
    rbf: payment.rbf,
    firstSeenAt: before.get(payment.txid)?.firstSeenAt ?? now.toISOString(),
  }));
  for (const payment of stored) if (!current.has(payment.txid)) merged.push({ ...payment, gone: true });
  return merged.sort((a, b) => (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0));
}

export const presentPayments = (payments: readonly StoredPayment[]) => payments.filter((payment) => !payment.gone);

/** What has arrived (present transactions only), in satoshis. */
export const receivedSats = (payments: readonly StoredPayment[]): Sats => presentPayments(payments).reduce((sum, payment) => sum + BigInt(payment.sats), 0n);

/** The fewest confirmations among the present payments; 0 when there are none. */
export const leastConfirmations = (payments: readonly StoredPayment[]): number => {
  const present = presentPayments(payments);
  return present.length === 0 ? 0 : Math.min(...present.map((payment) => payment.confirmations));
};

/** Whether this payment may be counted as final for crediting. */
export const creditable = (payment: StoredPayment, requiredConfirmations: number) =>
  payment.confirmations >= requiredConfirmations && !(payment.rbf && payment.confirmations < 1);

export function nextInvoiceStep(invoice: InvoiceView, seen: readonly AddressPayment[], now: Date): InvoiceStep {
  const payments = mergePayments(invoice.payments, seen, now);
  const present = presentPayments(payments);
  const expired = now.getTime() >= invoice.expiresAt.getTime();
  const late = present.some((payment) => new Date(payment.firstSeenAt).getTime() >= invoice.expiresAt.getTime());
  const received = receivedSats(payments);

  if (invoice.status === "expired") {
    // Past expiry it only ever waits for the operator; a late payment says so.
    return { status: "expired", exception: late ? "paid_late" : invoice.exception, payments, credit: null };
  }
  if (late) return { status: "expired", exception: "paid_late", payments, credit: null };
  if (received >= invoice.amountSats) {
    if (present.every((payment) => creditable(payment, invoice.requiredConfirmations))) {
      return { status: "settled", exception: received > invoice.amountSats ? "paid_over" : null, payments, credit: received };
    }
    return { status: "processing", exception: null, payments, credit: null };
  }
  if (expired) return { status: "expired", exception: received > 0n ? "paid_partial" : null, payments, credit: null };
  return { status: present.length > 0 ? "processing" : "new", exception: null, payments, credit: null };
}
