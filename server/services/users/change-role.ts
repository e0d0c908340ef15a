import { asc, eq, or } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { AdminUserProfile } from "#shared/schemas/admin-users.js";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import { refusePendingApproval } from "../approvals/pending-approval.js";
import { requestApproval } from "../approvals/request-approval.js";
import { recordAudit } from "../audit/record-audit.js";
import { endSessions } from "./end-sessions.js";
import { forgetTrustedDevices } from "./trusted-devices.js";
import { toProfile } from "./user-detail.js";

/**
 * Grants or revokes the admin role, never leaving the platform without an admin, even when two
 * admins revoke each other at the same moment: every admin row (and the target) is locked in id
 * order before counting. The second of two such transactions waits for the first; PostgreSQL then
 * re-reads the rows it waited for, finds one admin fewer, and refuses. The user's sessions end
 * either way, and no browser of theirs stays trusted: an admin's session has a shorter life and
 * needs the code (server/auth/session-lifetime.ts), and a former admin must not keep one.
 *
 * Granting the role needs a second admin (four eyes): without `approvedBy` the grant is recorded
 * as an approval request and nothing changes yet; approving it calls this again with the approver.
 * Nobody changes their own role.
 */
export async function changeRole(
  tx: DbExecutor,
  actorId: string,
  userId: string,
  role: "user" | "admin",
  reason: string,
  now: Date,
  approvedBy?: string,
): Promise<{ profile: AdminUserProfile } | { pendingApproval: ApprovalDto }> {
  if (userId === actorId || userId === approvedBy) throw new AppError("FORBIDDEN", "Nobody changes their own role: another admin must do it.");
  const locked = await tx
    .select({ id: user.id, role: user.role, banned: user.banned })
    .from(user)
    .where(or(eq(user.role, "admin"), eq(user.id, userId)))
    .orderBy(asc(user.id))
    .for("update");
  const current = locked.find((row) => row.id === userId);
  if (!current) throw new AppError("NOT_FOUND", "User not found.");
  if (current.role === role) throw new AppError("CONFLICT", role === "admin" ? "This account is already an admin." : "This account is not an admin.");
  if (role === "admin" && current.banned) throw new AppError("CONFLICT", "Lift the ban before granting the admin role.");
  if (role === "user" && locked.filter((row) => row.role === "admin").length <= 1) {
    throw new AppError("CONFLICT", "This is the last admin. Grant the role to someone else first.");
  }
  if (role === "admin" && !approvedBy) {
    const [about] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    const summary = `Make ${about?.email ?? userId} an admin.`;
    return { pendingApproval: await requestApproval(tx, { kind: "role_grant", targetType: "user", targetId: userId, subjectUserId: userId, summary, data: { role }, reason, requestedBy: actorId }, now) };
  }
  if (!approvedBy) await refusePendingApproval(tx, "role_grant", userId);
  const [updated] = await tx.update(user).set({ role, updatedAt: now }).where(eq(user.id, userId)).returning();
  const sessionsEnded = await endSessions(tx, userId);
  await forgetTrustedDevices(tx, userId);
  await recordAudit(tx, {
    actorId,
    action: role === "admin" ? "user.grant_admin" : "user.revoke_admin",
    targetType: "user",
    targetId: userId,
    before: { role: current.role },
    after: { role, sessionsEnded, reason, ...(approvedBy ? { approvedBy } : {}) },
  });
  return { profile: toProfile(updated!) };
}
