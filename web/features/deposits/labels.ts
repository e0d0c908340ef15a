import type { BankKey, DepositDto, DepositStatus } from "#shared/schemas/deposits.js";

/** Display names of the three banks (as the reference site names them); the account details come from the server. */
export const BANK_NAMES: Record<BankKey, string> = { access: "Access Bank", uba: "UBA", gtbank: "GTBank" };

export const STATUS_LABELS: Record<DepositStatus, string> = { pending: "Pending", confirmed: "Confirmed", rejected: "Rejected", expired: "Expired" };

/** "Crypto (BTC)" or "Bank transfer (GTBank)". */
export function describeMethod(deposit: Pick<DepositDto, "method" | "coin" | "bank">): string {
  if (deposit.method === "crypto") return deposit.coin ? `Crypto (${deposit.coin})` : "Crypto";
  return deposit.bank ? `Bank transfer (${BANK_NAMES[deposit.bank]})` : "Bank transfer";
}
