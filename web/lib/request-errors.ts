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
 * Reads a 400 from the API. Schema errors carry a generic message and one sentence per field;
 * service refusals carry the sentence in `message` and only a tag per field ("too small").
 * Either way each field gets a sentence, and the summary is the one sentence when there is one.
 */
export function explainBadRequest(error: ApiError, names: Record<string, string> = SERVER_FIELDS): { message: string; fields: Record<string, string> } {
  const isSentence = (text: string) => /[.!?]$/.test(text.trim());
  const fields: Record<string, string> = {};
  const sentences: string[] = [];
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    const name = names[key];
    const sentence = isSentence(text) ? text : error.message;
    if (isSentence(text)) sentences.push(text);
    if (name) fields[name] = sentence;
  }
  return { message: sentences.length === 1 && sentences[0] ? sentences[0] : error.message, fields };
}

/** What to tell the user about a failed POST /api/deposits: the server's own words for a clear 400, else the reference's message. */
export function depositFailure(error: unknown): DepositFailure {
  // Said by <AccountRefusalNotice>, with a button to resend the verification link.
  if (isAccountRefusal(error)) return { message: "", fields: {} };
  if (error instanceof ApiError && error.status === 401) return { message: NOT_AUTHENTICATED, fields: {} };
  if (error instanceof ApiError && error.status === 400 && error.message) return explainBadRequest(error);
  return { message: DEPOSIT_FAILED, fields: {} };
}
