import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { AdminUserProfile } from "#shared/schemas/admin-users.js";
import { recordAudit } from "../audit/record-audit.js";
import { endSessions } from "./end-sessions.js";
import { toProfile } from "./user-detail.js";

async function lockUser(tx: DbExecutor, userId: string) {
  const [row] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "User not found.");
  return row;
}

type UserRow = typeof user.$inferSelect;

/** Writes the ban fields and the audit entry (before, after, the operator's reason) in the caller's transaction. */
async function setBan(tx: DbExecutor, actorId: string, current: UserRow, ban: { banned: boolean; banReason: string | null }, reason: string, now: Date, details = {}) {
  const [updated] = await tx.update(user).set({ ...ban, banExpires: null, updatedAt: now }).where(eq(user.id, current.id)).returning();
  await recordAudit(tx, {
    actorId,
    action: ban.banned ? "user.ban" : "user.unban",
    targetType: "user",
    targetId: current.id,
    before: { banned: current.banned === true, banReason: current.banReason },
    after: { ...ban, ...details, reason },
  });
  return toProfile(updated!);
}

/**
 * Bans an account until an operator lifts it, and ends its sessions in the same transaction: its
 * browsers get 401 on their next request, money routes included, and it cannot sign in again
 * (requireUser and better-auth's admin plugin both refuse a banned user). An admin is never
 * banned (the role is revoked first, which keeps the last admin), nor is the operator themself.
 */
export async function banUser(tx: DbExecutor, actorId: string, userId: string, reason: string, now: Date): Promise<AdminUserProfile> {
  const current = await lockUser(tx, userId);
  if (current.id === actorId) throw new AppError("FORBIDDEN", "You cannot ban your own account.");
  if (current.role === "admin") throw new AppError("CONFLICT", "Revoke the admin role before banning this account.");
  if (current.banned) throw new AppError("CONFLICT", "This account is already banned.");
  const sessionsEnded = await endSessions(tx, userId);
  return setBan(tx, actorId, current, { banned: true, banReason: reason }, reason, now, { sessionsEnded });
}

/** Lifts a ban; the person signs in again themselves. */
export async function unbanUser(tx: DbExecutor, actorId: string, userId: string, reason: string, now: Date): Promise<AdminUserProfile> {
  const current = await lockUser(tx, userId);
  if (current.id === actorId) throw new AppError("FORBIDDEN", "Nobody decides on their own account: another admin must lift this ban.");
  if (!current.banned) throw new AppError("CONFLICT", "This account is not banned.");
  return setBan(tx, actorId, current, { banned: false, banReason: null }, reason, now);
}
