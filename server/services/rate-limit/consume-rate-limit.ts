import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { rateLimit } from "#server/db/schema.js";

/**
 * Our rows share better-auth's `rate_limit` table; its keys are "<ip>|<path>"-like, so a prefix no
 * address starts with keeps the two sets apart.
 */
export const APP_KEY_PREFIX = "app:";

export interface RateLimitRule {
  /** What is being counted, e.g. `contact:<ip>`. Stored as `app:<key>`. */
  key: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** Epoch milliseconds; tests pass it to step through windows without waiting. */
  now?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in the database, so every server process shares it. The window opens
 * with the first request after the previous one ended and `last_request` holds its start (not the
 * latest request, as better-auth uses the column).
 *
 * better-auth deletes rows whose `last_request` is older than its own longest window (10 minutes
 * here) whenever one of its windows rolls over. For a window of ours longer than that, the row may
 * vanish while its window is still open: at worst that window restarts early, never a refusal.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule): Promise<RateLimitResult> {
  const { key, max, windowSeconds } = rule;
  const now = rule.now ?? Date.now();
  if (!key) throw new RangeError("A rate limit needs a key.");
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}.`);
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 1) throw new RangeError(`windowSeconds must be a positive integer, got ${windowSeconds}.`);
  if (!Number.isSafeInteger(now)) throw new RangeError(`now must be integer milliseconds, got ${now}.`);

  const windowMs = windowSeconds * 1000;
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}::bigint`;
  // One statement: PostgreSQL locks the conflicting row, so concurrent calls from any number of
  // processes queue on it and each sees the count the previous one left. A read-then-write would
  // let a burst through. The count stops at max + 1 so a flood cannot overflow the integer column.
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: APP_KEY_PREFIX + key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimit.count} + 1, ${max + 1}::integer) end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row) throw new Error("rate limit upsert returned no row");

  if (row.count <= max) return { allowed: true, retryAfterSeconds: 0 };
  const remainingMs = Number(row.windowStart) + windowMs - now;
  // Clamped: another server's clock may run ahead of ours and put the window start in our future.
  return { allowed: false, retryAfterSeconds: Math.min(windowSeconds, Math.max(1, Math.ceil(remainingMs / 1000))) };
}
