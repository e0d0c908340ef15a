/** Error codes the API returns in `{ error: { code, message } }`, with the HTTP status for each. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** A state-changing request from another origin, or with neither Origin nor Referer. */
  CSRF_REJECTED: 403,
  /** An admin without a verified second factor: only Settings works until they enrol. */
  TWO_FACTOR_REQUIRED: 403,
  /** An admin whose session was made without the second factor (the password alone, a trusted browser): sign in again with the code. */
  SECOND_FACTOR_REQUIRED: 403,
  /** Money does not move for an address nobody has shown they can read. */
  EMAIL_NOT_VERIFIED: 403,
  /**
   * Money leaves only from an account whose identity an operator approved, and an unverified one
   * deposits only up to its limit; the message says what remains and where to verify.
   */
  VERIFICATION_REQUIRED: 403,
  /** A payout to an address not on the investor's own confirmed list, or not usable yet. */
  ADDRESS_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /**
   * No bitcoin price we can stand behind right now: the rate sources did not answer in time, their
   * answers were too old, or they differ by more than 1 %. Never answered with a stale or guessed rate.
   */
  RATE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The web screen that resolves a refusal, sent as `error.link` with it (a path on PUBLIC_URL), so
 * any client can send the person there: an unverified identity goes to the identity check.
 */
export const ERROR_LINKS: Partial<Record<ErrorCode, string>> = {
  VERIFICATION_REQUIRED: "/dashboard/verification",
};

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string>; link?: string };
}
