import { and, eq, lte } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { investment, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { settleBatch, type SettlementRun } from "./settle-due.js";

/**
 * The admin tool (on the user detail screen; the operator's reason goes into the audit log): pays now whatever that user's matured investments are owed under their own
 * terms. It first waits for (rather than skips) rows a settler holds, so a second press, or a
 * press racing the scheduled job, finds nothing left to pay.
 */
export async function creditInterest(tx: DbExecutor, actorId: string, userId: string, now: Date, reason: string): Promise<SettlementRun> {
  if (userId === actorId) throw new AppError("FORBIDDEN", "Nobody pays their own account: another admin must use this tool for you.");
  const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!owner) throw new AppError("NOT_FOUND", "User not found.");
  // FOR UPDATE re-checks the WHERE after waiting, so rows paid meanwhile drop out.
  const due = await tx
    .select({ id: investment.id })
    .from(investment)
    .where(and(eq(investment.userId, userId), eq(investment.status, "active"), lte(investment.maturesAt, now)))
    .for("update");
  const run = due.length > 0 ? await settleBatch(tx, now, due.length, userId) : { settled: 0, profitCents: 0n, notifications: [] };
  await recordAudit(tx, {
    actorId,
    action: "interest.credit",
    targetType: "user",
    targetId: userId,
    before: { due: due.map((row) => row.id) },
    after: { settled: run.settled, profitCents: run.profitCents, reason },
  });
  return run;
}
