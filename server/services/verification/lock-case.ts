import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

export type CaseRow = typeof identityCase.$inferSelect;

/**
 * The case and its account, locked for the caller's transaction, the account first: every change
 * to a case (an operator's assignment or decision, an approval from the user's page) takes the
 * two locks in this one order, so two of them wait for each other instead of deadlocking, and the
 * second sees what the first decided. NOT_FOUND for an unknown case.
 */
export async function lockCase(tx: DbExecutor, caseId: string): Promise<CaseRow> {
  const [owner] = await tx.select({ userId: identityCase.userId }).from(identityCase).where(eq(identityCase.id, caseId));
  if (!owner) throw new AppError("NOT_FOUND", "No such identity case.");
  await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.userId)).for("update");
  const [row] = await tx.select().from(identityCase).where(eq(identityCase.id, caseId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such identity case.");
  return row;
}

/** Nobody reviews, decides or approves their own identity: another admin must. */
export function refuseOwnIdentity(userId: string, actorId: string): void {
  if (userId === actorId) throw new AppError("FORBIDDEN", "Nobody reviews their own identity: another admin must decide this case.");
}

/** How an error names an admin: their name, else their e-mail. */
export async function adminName(tx: DbExecutor, userId: string): Promise<string> {
  const [row] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row?.name.trim() || row?.email || "Another admin";
}
