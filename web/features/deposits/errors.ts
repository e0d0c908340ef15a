import { ApiError } from "../../lib/api.js";

export const NOT_AUTHENTICATED = "User not authenticated.";
export const DEPOSIT_FAILED = "Failed to update your investment. Please try again.";

export interface DepositFailure {
  message: string;
  /** Field messages keyed by the form's own names (amount, txId, bank, coin). */
  fields: Partial<Record<"amount" | "txId" | "bank" | "coin", string>>;
}

/** What to tell the user about a failed POST /api/deposits: the server's own words for a clear 400, else the reference's message. */
export function depositFailure(error: unknown): DepositFailure {
  if (error instanceof ApiError && error.status === 401) return { message: NOT_AUTHENTICATED, fields: {} };
  if (error instanceof ApiError && error.status === 400 && error.message) {
    const from = error.fields ?? {};
    const fields: DepositFailure["fields"] = {};
    if (from.amountCents) fields.amount = from.amountCents;
    if (from.txId) fields.txId = from.txId;
    if (from.bank) fields.bank = from.bank;
    if (from.coin) fields.coin = from.coin;
    return { message: error.message, fields };
  }
  return { message: DEPOSIT_FAILED, fields: {} };
}
