import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { session, user } from "../db/schema.js";

/** An operator's session is short-lived: 30 minutes without a request, 12 hours at most. */
export const ADMIN_SESSION = { idleMs: 30 * 60_000, maxMs: 12 * 60 * 60_000 } as const;

/** How stale an admin session's expiry may get before a request pushes it forward again. */
const ADMIN_EXTEND_AFTER_MS = 60_000;

export interface SessionLimits {
  /** Absolute lifetime of a user's session (SESSION_MAX_DAYS). */
  userMaxMs: number;
}

/** The latest a session may end: created + the role's lifetime, and for admins now + the idle time. */
export function latestExpiry(role: string | null | undefined, createdAt: Date, now: Date, limits: SessionLimits): Date {
  if (role !== "admin") return new Date(createdAt.getTime() + limits.userMaxMs);
  return new Date(Math.min(createdAt.getTime() + ADMIN_SESSION.maxMs, now.getTime() + ADMIN_SESSION.idleMs));
}

/**
 * Where better-auth's refresh of a remembered session would put its expiry at `now`: the idle time
 * ahead, within the role's limits (the session update hook in server/auth.ts applies the same).
 */
export function slidExpiry(role: string | null | undefined, createdAt: Date, now: Date, idleMs: number, limits: SessionLimits): number {
  return Math.min(now.getTime() + idleMs, latestExpiry(role, createdAt, now, limits).getTime());
}

export async function roleOf(db: Database, userId: string): Promise<string | undefined> {
  const [found] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return found?.role;
}

/**
 * An admin's request keeps their session alive for another idle period (never past its 12 hours).
 * better-auth refreshes only remembered sessions, so this is what makes the idle timeout slide for
 * every admin session; it writes at most once a minute per session.
 */
export async function extendAdminSession(db: Database, current: { token: string; createdAt: Date; expiresAt: Date }, now: Date): Promise<void> {
  const wanted = latestExpiry("admin", new Date(current.createdAt), now, { userMaxMs: 0 });
  if (wanted.getTime() - new Date(current.expiresAt).getTime() < ADMIN_EXTEND_AFTER_MS) return;
  await db
    .update(session)
    .set({ expiresAt: wanted, updatedAt: now })
    .where(and(eq(session.token, current.token), sql`${session.expiresAt} > ${now.toISOString()}::timestamptz`));
}
