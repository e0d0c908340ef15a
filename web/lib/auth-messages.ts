import { ACCOUNT_CLOSED_MESSAGE } from "#shared/schemas/account-data.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "./api.js";

const BY_CODE: Record<string, string> = {
  RATE_LIMITED: MESSAGES.rateLimited,
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.badCredentials,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  USER_ALREADY_EXISTS: MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.emailTaken,
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
  INVALID_TOKEN: "This reset link is invalid or has expired. Please request a new one.",
  INVALID_PASSWORD: "Your password is not correct.",
  // Sign-in of an account its owner closed (server/auth/closed-account.ts).
  ACCOUNT_CLOSED: ACCOUNT_CLOSED_MESSAGE,
  // Two-factor sign-in and enrolment (better-auth's twoFactor plugin).
  INVALID_CODE: MESSAGES.twoFactorCodeInvalid,
  TWO_FACTOR_CODE_REQUIRED: MESSAGES.twoFactorCodeRequired,
  INVALID_BACKUP_CODE: "That backup code is not valid or has already been used.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in has expired. Please log in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Please log in again.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes. Please wait a while and log in again.",
};

/**
 * A 429 in words. Our own routes say exactly how long to wait (e.g. the 15-minute sign-in lock),
 * so their sentence is shown; better-auth's limiter only says "too many", so the wait comes from
 * its Retry-After.
 */
function rateLimitMessage(error: ApiError): string {
  if (error.shape === "app" && error.message) return error.message;
  const minutes = Math.ceil((error.retryAfterSeconds ?? 0) / 60);
  return minutes > 1 ? `Too many attempts. Please wait ${minutes} minutes and try again.` : MESSAGES.rateLimited;
}

/** The sentence a person sees for a failed auth call; unknown failures get `fallback`. */
export function authErrorMessage(error: unknown, fallback: string = MESSAGES.unexpected): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429) return rateLimitMessage(error);
  if (error.code === "WEAK_PASSWORD") return error.message;
  if (error.code === "NETWORK") return error.message;
  // A right code whose 30-second step was already used (for a sign-in, a payout or a change to
  // two-factor): the server says so in its own words, and the person waits for the next code.
  if (error.code === "INVALID_CODE" && error.message === MESSAGES.twoFactorCodeUsed) return MESSAGES.twoFactorCodeUsed;
  // better-auth's body validation names the field in its message: "[body.email] Invalid email address".
  if (error.code === "VALIDATION_ERROR" && /email/i.test(error.message)) return MESSAGES.invalidEmail;
  // Our shell's own refusals (e.g. a display name that is too long) come as sentences.
  if (error.code === "VALIDATION_FAILED" && error.shape === "auth" && error.message) return error.message;
  return BY_CODE[error.code] ?? fallback;
}
