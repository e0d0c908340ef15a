import { sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.js";
import type { Database, DbExecutor } from "../../db/client.js";
import { notification } from "../../db/schema.js";
import type { NotificationInput } from "../notifications/notify.js";
import { randomUUID } from "node:crypto";

export interface SettlementRun {
  settled: number;
  profitCents: bigint;
  notifications: NotificationInput[];
}

/** Where a run has got to in the queue (the last row it claimed). */
export interface QueueCursor {
  maturesAt: string;
  id: string;
}

interface SettledRow {
  out_matures_at: string | Date;
  out_investment_id: string;
  out_user_id: string;
  out_plan_name: string;
  out_principal_cents: string;
  out_profit_cents: string;
}

/**
 * Settles one batch in the caller's transaction through `settle_due_investments` (migration
 * 0006): principal back to available and profit from the platform's interest account, one journal
 * per investment keyed `maturity:<id>`, rows claimed with SKIP LOCKED. Notifications are written
 * in the same transaction.
 */
export async function settleBatch(tx: DbExecutor, now: Date, limit: number, userId?: string, after?: QueueCursor): Promise<SettlementRun & { cursor?: QueueCursor }> {
  const result = (await tx.execute(
    sql`select * from settle_due_investments(${now.toISOString()}::timestamptz, ${limit}::int, ${userId ?? null}::text,
      ${after?.maturesAt ?? null}::timestamptz, ${after?.id ?? null}::text)`,
  )) as unknown as { rows: SettledRow[] };
  const last = result.rows.at(-1);
  const notifications = result.rows.map((row): NotificationInput => {
    const principal = BigInt(row.out_principal_cents);
    const profit = BigInt(row.out_profit_cents);
    return {
      userId: row.out_user_id,
      kind: "investment_matured",
      title: "Investment matured",
      body: `Your ${row.out_plan_name} investment of ${formatCents(principal)} has matured: ${formatCents(principal + profit)} (including ${formatCents(profit)} profit) is now in your main balance.`,
      link: "/dashboard/investment",
    };
  });
  if (notifications.length > 0) await tx.insert(notification).values(notifications.map((item) => ({ id: randomUUID(), link: null, ...item })));
  return {
    settled: result.rows.length,
    profitCents: result.rows.reduce((sum, row) => sum + BigInt(row.out_profit_cents), 0n),
    notifications,
    cursor: last ? { maturesAt: new Date(last.out_matures_at).toISOString(), id: last.out_investment_id } : undefined,
  };
}

/**
 * Settles every investment due by `now`, one transaction per batch. Several servers (or the
 * admin tool) running at once split the work instead of paying twice; a crash rolls back only the
 * batch in flight, and the next run picks it up.
 */
export async function settleDue(db: Database, now: Date, options: { batchSize?: number; maxBatches?: number } = {}): Promise<SettlementRun> {
  const batchSize = options.batchSize ?? 1000;
  const total: SettlementRun = { settled: 0, profitCents: 0n, notifications: [] };
  // Walking forward from the last claimed row avoids rescanning rows this run just settled.
  let cursor: QueueCursor | undefined;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const run = await db.transaction((tx) => settleBatch(tx, now, batchSize, undefined, cursor));
    cursor = run.cursor ?? cursor;
    total.settled += run.settled;
    total.profitCents += run.profitCents;
    total.notifications.push(...run.notifications);
    if (run.settled < batchSize) break;
  }
  return total;
}
