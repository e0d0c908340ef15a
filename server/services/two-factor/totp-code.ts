import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt, type SecretConfig } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";

const PERIOD_SECONDS = 30;

export type CodeCheck = "ok" | "invalid" | "used";

const sameCode = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** better-auth's two-factor plugin stores the secret encrypted with the auth secret, sometimes as "base32:…". */
async function totpSecret(key: SecretConfig | string, stored: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data: stored });
  return secret.startsWith("base32:") ? base32.decode(secret.slice(7).toUpperCase()) : secret;
}

/**
 * Checks a TOTP code and (`consume`, the default) uses it up, in the caller's transaction: it must
 * match the current 30-second step or one either side (clock drift, as better-auth allows), and
 * that step must be later than the last one this user's codes were used for, whatever for (a
 * sign-in, a payout, a change to two-factor). So each code works once. "used" is a right code whose
 * step is spent.
 */
export async function consumeTotpCode(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string, now: Date, consume = true): Promise<CodeCheck> {
  const found = (await tx.execute(sql`select secret, last_used_step from two_factor where user_id = ${userId} for update`)) as unknown as {
    rows: Array<{ secret: string; last_used_step: string | number | null }>;
  };
  const row = found.rows[0];
  if (!row) return "invalid";
  const otp = createOTP(await totpSecret(key, row.secret), { period: PERIOD_SECONDS, digits: 6 });
  const current = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
  let matched: number | undefined;
  for (const step of [current - 1, current, current + 1]) if (sameCode(await otp.hotp(step), code)) matched = step;
  if (matched === undefined) return "invalid";
  const last = row.last_used_step === null ? -1 : Number(row.last_used_step);
  if (matched <= last) return "used";
  if (consume) await tx.execute(sql`update two_factor set last_used_step = ${matched} where user_id = ${userId}`);
  return "ok";
}
