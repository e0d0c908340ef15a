import { hash, verify } from "@node-rs/argon2";
import { verifyPassword as verifyLegacyScrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { account } from "../db/schema.js";

/**
 * OWASP's first argon2id setting: 19 MiB, two passes, one lane. It runs on libuv's thread pool,
 * never on the event loop; BENCHMARKS.md records what one hash costs on our machines.
 */
// `algorithm: 2` is the package's const enum Algorithm.Argon2id, which isolated modules cannot import.
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

const isArgon2 = (stored: string) => stored.startsWith("$argon2");

/** True when the stored hash was made with weaker or older settings than ARGON2_OPTIONS. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`);
}

/**
 * Checks a password against an argon2id hash or, for accounts made before argon2id, better-auth's
 * scrypt hash. A correct password on an old hash replaces it at once: the hash names its row (its
 * salt is unique), so no account id is needed, and the update is awaited, so a password change
 * that verified the old password cannot be overwritten by it afterwards.
 */
export function createPasswordVerifier(db: Database) {
  return async ({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> => {
    const valid = isArgon2(stored) ? await verify(stored, password) : await verifyLegacyScrypt({ hash: stored, password });
    if (valid && needsRehash(stored)) {
      await db.update(account).set({ password: await hashPassword(password) }).where(eq(account.password, stored));
    }
    return valid;
  };
}

/**
 * Whether `password` is the account's own: what every change that needs proof of the person asks
 * (ending sessions, two-factor changes, closing the account). False for an empty one, or an account
 * without a password.
 */
export async function isAccountPassword(db: Database, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return Boolean(credential?.hash && password && (await createPasswordVerifier(db)({ hash: credential.hash, password })));
}
