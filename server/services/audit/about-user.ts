import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog, deposit, identityCase, investment, payout, withdrawalAddress } from "#server/db/schema.js";

/**
 * The audit entries about a user: about the account itself, or about one of their own records. An
 * entry about a record names its table as the target type ("deposit", "identity_case", …), so each
 * pair is read through the log's index on (target_type, target_id). Shared by the user detail screen
 * and the investor's own export.
 */
export function auditAboutUser(db: DbExecutor, userId: string): SQL {
  return or(
    and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)),
    and(eq(auditLog.targetType, "deposit"), inArray(auditLog.targetId, db.select({ id: deposit.id }).from(deposit).where(eq(deposit.userId, userId)))),
    and(eq(auditLog.targetType, "payout"), inArray(auditLog.targetId, db.select({ id: payout.id }).from(payout).where(eq(payout.userId, userId)))),
    and(eq(auditLog.targetType, "investment"), inArray(auditLog.targetId, db.select({ id: investment.id }).from(investment).where(eq(investment.userId, userId)))),
    and(eq(auditLog.targetType, "identity_case"), inArray(auditLog.targetId, db.select({ id: identityCase.id }).from(identityCase).where(eq(identityCase.userId, userId)))),
    and(
      eq(auditLog.targetType, "withdrawal_address"),
      inArray(auditLog.targetId, db.select({ id: withdrawalAddress.id }).from(withdrawalAddress).where(eq(withdrawalAddress.userId, userId))),
    ),
  )!;
}
