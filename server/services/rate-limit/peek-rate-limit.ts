import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { rateLimit } from "#server/db/schema.js";
import { APP_KEY_PREFIX, type RateLimitResult, type RateLimitRule } from "./consume-rate-limit.js";

/**
 * Whether `rule.key` is over its limit, without counting this call: for counters of failures,
 * where only a failed attempt counts (consumeRateLimit records one) but every attempt is checked.
 */
export async function peekRateLimit(db: Database, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = rule.now ?? Date.now();
  const [row] = await db
    .select({ count: rateLimit.count, windowStart: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, APP_KEY_PREFIX + rule.key));
  const windowMs = rule.windowSeconds * 1000;
  if (!row || row.windowStart <= now - windowMs || row.count < rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const remainingMs = row.windowStart + windowMs - now;
  return { allowed: false, retryAfterSeconds: Math.min(rule.windowSeconds, Math.max(1, Math.ceil(remainingMs / 1000))) };
}

/** Forgets a counter, e.g. an account's failed sign-ins once its owner signs in. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, APP_KEY_PREFIX + key));
}
