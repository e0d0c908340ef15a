import { and, asc, eq, lte } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { investment } from "../../db/schema.js";
import type { NotificationInput } from "../notifications/notify.js";
import { settleInvestment } from "./settle-investment.js";

export interface SettlementRun {
  settled: number;
  notifications: NotificationInput[];
}

/**
 * Settles every investment due by `now`, batch by batch. Each batch claims its rows with
 * FOR UPDATE SKIP LOCKED, so several servers (or the admin tool) running at once split the work
 * instead of paying twice; a crash rolls back the batch in flight, and the next run picks it up.
 */
export async function settleDue(db: Database, now: Date, options: { batchSize?: number; maxBatches?: number } = {}): Promise<SettlementRun> {
  const batchSize = options.batchSize ?? 200;
  const run: SettlementRun = { settled: 0, notifications: [] };
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const settledHere = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(investment)
        .where(and(eq(investment.status, "active"), lte(investment.maturesAt, now)))
        .orderBy(asc(investment.maturesAt), asc(investment.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const row of due) run.notifications.push(await settleInvestment(tx, row, now));
      return due.length;
    });
    run.settled += settledHere;
    if (settledHere < batchSize) break;
  }
  return run;
}
