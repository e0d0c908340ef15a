import { centsToDecimal, formatBtc, toJsonCents } from "#shared/money.js";
import type { BankKey, Coin, DepositDto, DepositStatus, InvoiceException } from "#shared/schemas/deposits.js";
import type { deposit } from "#server/db/schema.js";
import { leastConfirmations, presentPayments, receivedSats } from "./invoice-state.js";

export type DepositRow = typeof deposit.$inferSelect;

/** BIP21: `bitcoin:<address>?amount=<btc>&label=<site name>`, the label percent-encoded. */
export const bip21Link = (address: string, amountBtc: string, label: string) => `bitcoin:${address}?amount=${amountBtc}&label=${encodeURIComponent(label)}`;

/**
 * A deposit as its owner and the back office see it. An invoice (a row with a locked rate) adds its
 * bitcoin fields; `siteName`, the BIP21 link's label, is given where the investor is answered (the
 * operator's lists leave the payment link out).
 */
export function toDepositDto(row: DepositRow, siteName?: string): DepositDto {
  const dto: DepositDto = {
    id: row.id,
    method: row.method as DepositDto["method"],
    amountCents: toJsonCents(row.amountCents),
    receivedCents: row.receivedCents === null ? null : toJsonCents(row.receivedCents),
    coin: row.coin as Coin | null,
    bank: row.bank as BankKey | null,
    address: row.address,
    reference: row.reference,
    txId: row.txId,
    status: row.status as DepositStatus,
    rejectReason: row.rejectReason,
    creditNote: row.creditNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    ...(row.refundTxId ? { refundTxId: row.refundTxId } : {}),
  };
  if (row.rateCentsPerBtc === null || row.amountSats === null || row.requiredConfirmations === null || !row.address) return dto;
  const payments = row.payments ?? [];
  const amountBtc = formatBtc(row.amountSats);
  return {
    ...dto,
    amountBtc,
    rateUsd: centsToDecimal(row.rateCentsPerBtc),
    ...(siteName === undefined ? {} : { bip21: bip21Link(row.address, amountBtc, siteName) }),
    requiredConfirmations: row.requiredConfirmations,
    receivedBtc: formatBtc(receivedSats(payments)),
    paymentTxIds: presentPayments(payments).map((payment) => payment.txid),
    confirmations: leastConfirmations(payments),
    exception: row.exception as InvoiceException | null,
    creditedRateUsd: row.creditedRateCentsPerBtc === null ? null : centsToDecimal(row.creditedRateCentsPerBtc),
    reorgedAt: row.reorgedAt?.toISOString() ?? null,
  };
}
