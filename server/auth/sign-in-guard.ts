import type { Database } from "../db/client.js";
import { AppError } from "../errors.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";
import { clearRateLimit, peekRateLimit } from "../services/rate-limit/peek-rate-limit.js";

const WINDOW_SECONDS = 15 * 60;
/** Wrong passwords for one account, from any number of addresses, before it is locked. */
export const ACCOUNT_FAILURES = 10;
/** Wrong passwords from one address, over any accounts: far above one person's mistakes. */
export const ADDRESS_FAILURES = 50;

const keys = (email: string, ip: string) => ({
  accountFailures: `sign-in-failures:${email}`,
  accountLock: `sign-in-lock:${email}`,
  addressFailures: `sign-in-failures-ip:${ip}`,
});

/** The same address however it was typed; an unknown one is counted exactly like a known one. */
export const normalizeEmail = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : "");

/**
 * Credential stuffing defence that counts failures, not attempts: a locked account answers 429
 * from every address for 15 minutes, and an address with many failures is refused, but people who
 * type their own password right are never slowed by someone else's mistakes.
 */
export function signInGuard(db: Database, enabled: boolean) {
  return {
    async check(email: string, ip: string): Promise<void> {
      if (!enabled) return;
      const key = keys(email, ip);
      for (const rule of [
        { key: key.accountLock, max: 1, windowSeconds: WINDOW_SECONDS },
        { key: key.addressFailures, max: ADDRESS_FAILURES, windowSeconds: WINDOW_SECONDS },
      ]) {
        const state = await peekRateLimit(db, rule);
        if (!state.allowed) throw new AppError("RATE_LIMITED", MESSAGES.signInLocked, undefined, state.retryAfterSeconds);
      }
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      if (!enabled) return;
      const key = keys(email, ip);
      await consumeRateLimit(db, { key: key.addressFailures, max: ADDRESS_FAILURES, windowSeconds: WINDOW_SECONDS });
      const account = await consumeRateLimit(db, { key: key.accountFailures, max: ACCOUNT_FAILURES - 1, windowSeconds: WINDOW_SECONDS });
      // The tenth failure starts a lock of its own 15 minutes, and the count begins again after it.
      if (!account.allowed) {
        await consumeRateLimit(db, { key: key.accountLock, max: 1, windowSeconds: WINDOW_SECONDS });
        await clearRateLimit(db, key.accountFailures);
      }
    },
    async recordSuccess(email: string): Promise<void> {
      if (enabled) await clearRateLimit(db, keys(email, "").accountFailures);
    },
  };
}

/**
 * After a password reset the owner has proved they read the mailbox: their account's lock and
 * count end, so nobody who merely knows the address can keep them out.
 */
export async function forgetSignInFailures(db: Database, email: string): Promise<void> {
  const key = keys(normalizeEmail(email), "");
  await clearRateLimit(db, key.accountLock);
  await clearRateLimit(db, key.accountFailures);
}
