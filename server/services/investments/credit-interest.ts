import { and, asc, eq, lte } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";
import { investment, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { recordAudit } from "../audit/record-audit.js";
import type { NotificationInput } from "../notifications/notify.js";
import { settleInvestment } from "./settle-investment.js";

export interface InterestCredit {
  settled: number;
  profitCents: bigint;
  notifications: NotificationInput[];
}

/**
 * The admin tool: pays now whatever that user's matured investments are owed under their own
 * terms. It waits for (rather than skips) rows a settler holds, so a second press, or a press
 * racing the scheduled job, finds nothing left to pay.
 */
export async function creditInterest(tx: DbExecutor, actorId: string, userId: string, now: Date): Promise<InterestCredit> {
  const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!owner) throw new AppError("NOT_FOUND", "User not found.");
  const due = await tx
    .select()
    .from(investment)
    .where(and(eq(investment.userId, userId), eq(investment.status, "active"), lte(investment.maturesAt, now)))
    .orderBy(asc(investment.maturesAt), asc(investment.id))
    .for("update");
  const result: InterestCredit = { settled: 0, profitCents: 0n, notifications: [] };
  // FOR UPDATE re-checks the WHERE after waiting, so rows a settler paid meanwhile are not returned.
  for (const row of due) {
    result.notifications.push(await settleInvestment(tx, row, now));
    result.settled += 1;
    result.profitCents += row.profitCents;
  }
  await recordAudit(tx, {
    actorId,
    action: "interest.credit",
    targetType: "user",
    targetId: userId,
    before: { due: due.map((row) => row.id) },
    after: { settled: result.settled, profitCents: result.profitCents },
  });
  return result;
}
