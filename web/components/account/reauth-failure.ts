import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "#web/lib/api.js";

/** Shown on the password field when the server refused the password (it was not empty: the form checks that). */
export const WRONG_PASSWORD = "Your password is not correct.";

export interface ReauthFailure {
  /** For the whole form (too many attempts, no connection, anything unknown); null when a field says it. */
  message: string | null;
  fields: { password?: string; code?: string };
}

/** What the server may say about a second-factor code, word for word. */
const CODE_SENTENCES = new Set<string>([
  MESSAGES.twoFactorCodeRequired,
  MESSAGES.twoFactorCodeInvalid,
  MESSAGES.twoFactorCodeUsed,
  MESSAGES.secondFactorCodeRequired,
  MESSAGES.secondFactorCodeInvalid,
]);

/** A sentence for a refusal that names no field: a 429 or a lost connection in the server's words, else a general one. */
function generalMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 429) && error.message) return error.message;
  return MESSAGES.unexpected;
}

/**
 * Reads a refused re-authentication (two-factor changes, signing out other sessions, closing the
 * account): a wrong password goes on the password field, a missing, wrong or already used code on
 * the code field, anything else above the form (`otherwise`, when the caller has a better sentence
 * for it). better-auth's endpoints say which by code; our API's (POST /api/me/close) by naming the
 * field (`password`, `twoFactorCode`) of a 400.
 */
export function reauthFailure(error: unknown, otherwise?: string): ReauthFailure | null {
  if (!error) return null;
  if (error instanceof ApiError && error.shape === "app" && error.code === "VALIDATION_FAILED") {
    const { password, twoFactorCode: code } = error.fields ?? {};
    if (password || code) return { message: null, fields: { ...(password ? { password } : {}), ...(code ? { code } : {}) } };
  }
  if (error instanceof ApiError) {
    if (error.code === "INVALID_PASSWORD") return { message: null, fields: { password: WRONG_PASSWORD } };
    if (error.code === "TWO_FACTOR_CODE_REQUIRED") return { message: null, fields: { code: MESSAGES.secondFactorCodeRequired } };
    if (error.code === "INVALID_CODE") return { message: null, fields: { code: CODE_SENTENCES.has(error.message) ? error.message : MESSAGES.secondFactorCodeInvalid } };
  }
  return { message: otherwise ?? generalMessage(error), fields: {} };
}
