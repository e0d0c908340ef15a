import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { AdminUserDetail, AdminUserProfile } from "#shared/schemas/admin-users.js";
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

/** The user detail: the account and the six figures from summarize(), the service behind /api/me/summary. */
export async function userDetail(db: DbExecutor, userId: string): Promise<AdminUserDetail> {
  const row = await findUser(db, userId);
  return { profile: toProfile(row), summary: await summarize(db, userId) };
}
