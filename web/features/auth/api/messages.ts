import { MESSAGES } from "../../../../shared/schemas/auth.js";
import { ApiError } from "../../../lib/api.js";

const BY_CODE: Record<string, string> = {
  RATE_LIMITED: MESSAGES.rateLimited,
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.badCredentials,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  USER_ALREADY_EXISTS: MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.emailTaken,
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
  MAIL_SEND_FAILED: MESSAGES.resetFailed,
  INVALID_TOKEN: "This reset link is invalid or has expired. Please request a new one.",
};

/** The sentence a person sees for a failed auth call; unknown failures get `fallback`. */
export function authErrorMessage(error: unknown, fallback: string = MESSAGES.unexpected): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429) return MESSAGES.rateLimited;
  if (error.code === "WEAK_PASSWORD") return error.message;
  if (error.code === "NETWORK") return error.message;
  // better-auth's body validation names the field in its message: "[body.email] Invalid email address".
  if (error.code === "VALIDATION_ERROR" && /email/i.test(error.message)) return MESSAGES.invalidEmail;
  return BY_CODE[error.code] ?? fallback;
}
