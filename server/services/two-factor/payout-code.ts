import type { SecretConfig } from "better-auth/crypto";
import { MESSAGES } from "#shared/schemas/auth.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { consumeRateLimit } from "../rate-limit/consume-rate-limit.js";
import { peekRateLimit } from "../rate-limit/peek-rate-limit.js";
import { consumeTotpCode } from "./totp-code.js";

/** Wrong payout codes allowed per user in the window before payouts wait: a guess is 1 in 333,333. */
const FAILURES = { max: 5, windowSeconds: 15 * 60 } as const;
const failureKey = (userId: string) => `payout-code-failures:${userId}`;

/** A wrong, missing or already used code: the route counts it once the transaction has rolled back. */
export class InvalidPayoutCode extends AppError {
  constructor(message: string) {
    super("VALIDATION_FAILED", message, { twoFactorCode: message });
  }
}

/** 429 while the user has used up their wrong codes; checked before any work is done. */
export async function assertPayoutCodeAttemptsLeft(db: Database, userId: string): Promise<void> {
  const state = await peekRateLimit(db, { key: failureKey(userId), ...FAILURES });
  if (!state.allowed) throw new AppError("RATE_LIMITED", "Too many wrong codes. Please wait 15 minutes and try again.", undefined, state.retryAfterSeconds);
}

export async function recordPayoutCodeFailure(db: Database, userId: string): Promise<void> {
  await consumeRateLimit(db, { key: failureKey(userId), ...FAILURES });
}

/** A payout with two-factor on needs a current code, used up in the payout's own transaction. */
export async function claimPayoutCode(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string | undefined, now: Date): Promise<void> {
  if (!code) throw new InvalidPayoutCode(MESSAGES.twoFactorCodeRequired);
  const check = await consumeTotpCode(tx, key, userId, code, now);
  if (check === "used") throw new InvalidPayoutCode(MESSAGES.twoFactorCodeUsed);
  if (check === "invalid") throw new InvalidPayoutCode(MESSAGES.twoFactorCodeInvalid);
}
