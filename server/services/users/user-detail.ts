import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { AdminUserDetail, AdminUserProfile } from "#shared/schemas/admin-users.js";
import type { CaseStatus } from "#shared/schemas/verification.js";
import { summarize } from "../ledger/summary.js";

type UserRow = typeof user.$inferSelect;

export function toProfile(row: UserRow): AdminUserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    banned: row.banned === true,
    banReason: row.banReason,
    banExpires: row.banExpires?.toISOString() ?? null,
    referralCode: row.referralCode,
    verificationLevel: row.verificationLevel === "verified" ? "verified" : "unverified",
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account or a 404, for every per-user endpoint: an unknown id is never an empty list. */
export async function findUser(db: DbExecutor, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "User not found.");
  return row;
}

/** The user detail: the account, the six figures from summarize() (the service behind /api/me/summary) and their identity case. */
export async function userDetail(db: DbExecutor, userId: string): Promise<AdminUserDetail> {
  const row = await findUser(db, userId);
  const [found] = await db.select({ id: identityCase.id, status: identityCase.status }).from(identityCase).where(eq(identityCase.userId, userId));
  // The table's check holds the status to the shared list.
  const caseRef = found ? { id: found.id, status: found.status as CaseStatus } : null;
  return { profile: toProfile(row), summary: await summarize(db, userId), identityCase: caseRef };
}
