import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

/** Crockford base32 without look-alike letters: easy to read aloud and to type. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newReferralCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export function normalizeReferralCode(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const code = input.trim().toUpperCase();
  return /^[2-9A-Z]{6,16}$/.test(code) ? code : undefined;
}

/** The account a referral code belongs to, if any. */
export async function findReferrer(db: Database, code: string): Promise<string | undefined> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.referralCode, code)).limit(1);
  return found?.id;
}

/** The caller's referral code, created on first use for accounts made before codes existed. */
export async function ensureReferralCode(db: Database, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [current] = await db.select({ code: user.referralCode }).from(user).where(eq(user.id, userId));
    if (!current) throw new AppError("NOT_FOUND", "Account not found.");
    if (current.code) return current.code;
    // Only fills an empty code, so two concurrent first uses agree on one code (the loser re-reads it).
    const [updated] = await db
      .update(user)
      .set({ referralCode: newReferralCode() })
      .where(and(eq(user.id, userId), isNull(user.referralCode)))
      .returning({ code: user.referralCode })
      .catch(() => [] as Array<{ code: string | null }>); // a code collision: try another
    if (updated?.code) return updated.code;
  }
  throw new AppError("INTERNAL", "Could not create a referral code.");
}
