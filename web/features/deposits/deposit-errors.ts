import { isAccountRefusal } from "#web/lib/account-refusals.js";
import { ApiError } from "#web/lib/api.js";
import { explainBadRequest, NOT_AUTHENTICATED } from "#web/lib/request-errors.js";

/** The reference site's words for a deposit that failed for a reason the server did not explain. */
export const DEPOSIT_FAILED = "Failed to update your investment. Please try again.";

type DepositField = "amount" | "txId" | "bank" | "coin" | "reference";
/** The API's names for the deposit forms' fields (amounts travel in cents, the form takes dollars). */
const SERVER_FIELDS: Record<string, DepositField> = { amountCents: "amount", txId: "txId", bank: "bank", coin: "coin", reference: "reference" };

export interface DepositFailure {
  message: string;
  /** Field messages keyed by the form's own names. */
  fields: Partial<Record<DepositField, string>>;
}

/** What to tell the user about a failed POST /api/deposits: the server's own words for a clear 400, else the reference site's message. */
export function depositFailure(error: unknown): DepositFailure {
  // Said by <AccountRefusalNotice>, with a button to resend the verification link.
  if (isAccountRefusal(error)) return { message: "", fields: {} };
  if (error instanceof ApiError && error.status === 401) return { message: NOT_AUTHENTICATED, fields: {} };
  if (error instanceof ApiError && error.status === 400 && error.message) return explainBadRequest(error, SERVER_FIELDS);
  // A refusal the user can act on (five deposits already waiting, a reference already used): its own words.
  if (error instanceof ApiError && error.status === 409 && error.message) return { message: error.message, fields: {} };
  return { message: DEPOSIT_FAILED, fields: {} };
}
