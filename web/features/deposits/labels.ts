import { BANK_NAMES, type DepositDto, type DepositStatus, type InvoiceException } from "#shared/schemas/deposits.js";

export const STATUS_LABELS: Record<DepositStatus, string> = { pending: "Pending", confirmed: "Confirmed", rejected: "Rejected", expired: "Expired", new: "Awaiting payment", processing: "Confirming", settled: "Credited", invalid: "Invalid" };

/** "Crypto (BTC)" or "Bank transfer (GTBank)". */
export function describeMethod(deposit: Pick<DepositDto, "method" | "coin" | "bank">): string {
  if (deposit.method === "crypto") return deposit.coin ? `Crypto (${deposit.coin})` : "Crypto";
  return deposit.bank ? `Bank transfer (${BANK_NAMES[deposit.bank]})` : "Bank transfer";
}

/** An invoice's exception, as the operator's queue names it. */
export const EXCEPTION_LABELS: Record<InvoiceException, string> = { paid_partial: "Paid short", paid_over: "Paid over", paid_late: "Paid late" };
