import { isAccountRefusal } from "./account-refusals.js";
import { ApiError } from "./api.js";

export const NOT_AUTHENTICATED = "User not authenticated.";
export const DEPOSIT_FAILED = "Failed to update your investment. Please try again.";

type FormField = "amount" | "txId" | "bank" | "coin";
const SERVER_FIELDS: Record<string, FormField> = { amountCents: "amount", txId: "txId", bank: "bank", coin: "coin" };

export interface DepositFailure {
  message: string;
  /** Field messages keyed by the form's own names. */
  fields: Partial<Record<FormField, string>>;
}

/**
 * Reads a 400 from the API. The server's contract (server/errors.ts, server/http/json-body.ts): `message`
 * is a sentence for the user, and `fields` maps each refused input to its own sentence; a schema
 * error's `message` is its first field's sentence. Field names are turned into the form's own.
 */
export function explainBadRequest(error: ApiError, names: Record<string, string> = SERVER_FIELDS): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    const name = names[key];
    if (name) fields[name] = text;
  }
  return { message: error.message, fields };
}

/** What to tell the user about a failed POST /api/deposits: the server's own words for a clear 400, else the reference site's message. */
export function depositFailure(error: unknown): DepositFailure {
  // Said by <AccountRefusalNotice>, with a button to resend the verification link.
  if (isAccountRefusal(error)) return { message: "", fields: {} };
  if (error instanceof ApiError && error.status === 401) return { message: NOT_AUTHENTICATED, fields: {} };
  if (error instanceof ApiError && error.status === 400 && error.message) return explainBadRequest(error);
  return { message: DEPOSIT_FAILED, fields: {} };
}
