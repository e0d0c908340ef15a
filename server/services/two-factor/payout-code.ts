import { timingSafeEqual } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { base32 } from "@better-auth/utils/base32";
import { symmetricDecrypt, type SecretConfig } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../shared/schemas/auth.js";
import type { Database, DbExecutor } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { consumeRateLimit } from "../rate-limit/consume-rate-limit.js";
import { peekRateLimit } from "../rate-limit/peek-rate-limit.js";

const PERIOD_SECONDS = 30;
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

const sameCode = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** better-auth's two-factor plugin stores the secret encrypted, sometimes as "base32:…". */
async function totpSecret(key: SecretConfig | string, stored: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data: stored });
  return secret.startsWith("base32:") ? base32.decode(secret.slice(7).toUpperCase()) : secret;
}

/**
 * Checks a TOTP code for a payout and uses it up, in the payout's own transaction: the code must
 * match the current 30-second step or one either side (clock drift), and its step must be later
 * than the last one that approved a payout, so a code approves one payout only.
 */
export async function claimPayoutCode(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string | undefined, now: Date): Promise<void> {
  if (!code) throw new InvalidPayoutCode(MESSAGES.twoFactorCodeRequired);
  const found = (await tx.execute(
    sql`select secret, last_payout_step from two_factor where user_id = ${userId} and verified for update`,
  )) as unknown as { rows: Array<{ secret: string; last_payout_step: string | number | null }> };
  const row = found.rows[0];
  if (!row) throw new InvalidPayoutCode(MESSAGES.twoFactorCodeInvalid);
  const otp = createOTP(await totpSecret(key, row.secret), { period: PERIOD_SECONDS, digits: 6 });
  const current = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
  let matched: number | undefined;
  for (const step of [current - 1, current, current + 1]) if (sameCode(await otp.hotp(step), code)) matched = step;
  const last = row.last_payout_step === null ? -1 : Number(row.last_payout_step);
  if (matched === undefined || matched <= last) throw new InvalidPayoutCode(MESSAGES.twoFactorCodeInvalid);
  await tx.execute(sql`update two_factor set last_payout_step = ${matched} where user_id = ${userId}`);
}
