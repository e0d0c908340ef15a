import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queueMailJobs } from "../mail/enqueue-mail.js";
import type { NotificationInput } from "../notifications/notify.js";
import { notificationLink } from "../notifications/notification-link.js";

export interface SettlementRun {
  settled: number;
  profitCents: bigint;
  notifications: NotificationInput[];
}

/** The part of the queue one settler takes: the users whose id hashes to `index` of `count`. */
export interface QueueSlice {
  index: number;
  count: number;
}

/** Where a run has got to in the queue (the last row it claimed). */
export interface QueueCursor {
  maturesAt: string;
  id: string;
}

const MATURED = { kind: "investment_matured", title: "Investment matured" } as const;

/** One paid investment, or (investment id null) only where the walk through the queue got to. */
interface SettledRow {
  out_matures_at: string | Date | null;
  out_investment_id: string | null;
  out_user_id: string | null;
  out_plan_name: string | null;
  out_principal_cents: string | null;
  out_profit_cents: string | null;
  out_cursor_matures_at: string | Date | null;
  out_cursor_id: string | null;
  out_more: boolean;
}

interface PaidRow extends SettledRow {
  out_investment_id: string;
  out_user_id: string;
  out_plan_name: string;
  out_principal_cents: string;
  out_profit_cents: string;
}

/**
 * Settles one batch in the caller's transaction through `settle_due_investments` (migration
 * 0012): principal back to available and profit from the platform's interest account, one journal
 * per investment keyed `maturity:<id>`, rows claimed with SKIP LOCKED. A batch takes whole users:
 * every due investment of each user it meets in the queue, up to `limit` in all. Notifications and
 * their e-mail copies are written in the same transaction. `cursor` is where the walk through the queue got to, `more`
 * whether due investments may remain beyond it.
 */
export async function settleBatch(
  tx: DbExecutor,
  now: Date,
  limit: number,
  userId?: string,
  after?: QueueCursor,
  slice: QueueSlice = { index: 0, count: 1 },
): Promise<SettlementRun & { cursor?: QueueCursor; more: boolean }> {
  const result = (await tx.execute(
    sql`select * from settle_due_investments(${now.toISOString()}::timestamptz, ${limit}::int, ${userId ?? null}::text,
      ${after?.maturesAt ?? null}::timestamptz, ${after?.id ?? null}::text, ${slice.index}::int, ${slice.count}::int)`,
  )) as unknown as { rows: SettledRow[] };
  const walked = result.rows[0];
  const paid = result.rows.filter((row): row is PaidRow => row.out_investment_id !== null);
  const notifications = paid.map((row): NotificationInput => {
    const principal = BigInt(row.out_principal_cents);
    const profit = BigInt(row.out_profit_cents);
    return {
      userId: row.out_user_id,
      kind: MATURED.kind,
      title: MATURED.title,
      body: `Your ${row.out_plan_name} investment of ${formatCents(principal)} has matured: ${formatCents(principal + profit)} (including ${formatCents(profit)} profit) is now in your main balance.`,
      subjectId: row.out_investment_id,
    };
  });
  if (notifications.length > 0) {
    // One statement with two array parameters, not a VALUES list of thousands of parameters.
    // The e-mail copies are queued in the same statement, as notify() does for one.
    const queued = (await tx.execute(sql`with t as (
        select * from unnest(${pgArray(notifications.map((item) => item.userId))}::text[], ${pgArray(notifications.map((item) => item.body))}::text[],
          ${pgArray(notifications.map((item) => item.subjectId))}::text[], ${pgArray(notifications.map((item) => notificationLink(item.kind, item.subjectId)))}::text[])
          as t(user_id, body, subject_id, link)
      ), stored as (
        insert into notification (id, user_id, kind, title, body, subject_id)
        select time_ordered_uuid(), t.user_id, ${MATURED.kind}, ${MATURED.title}, t.body, t.subject_id from t
      )
      insert into outgoing_mail (id, kind, "to", subject, text, link)
      select time_ordered_uuid(), ${MATURED.kind}, u.email, ${MATURED.title}, t.body, t.link from t join "user" u on u.id = t.user_id
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    await queueMailJobs(tx, queued.rows.map((row) => row.id));
  }
  return {
    settled: paid.length,
    profitCents: paid.reduce((sum, row) => sum + BigInt(row.out_profit_cents), 0n),
    notifications,
    cursor:
      walked?.out_cursor_matures_at && walked.out_cursor_id
        ? { maturesAt: new Date(walked.out_cursor_matures_at).toISOString(), id: walked.out_cursor_id }
        : undefined,
    more: walked?.out_more ?? false,
  };
}

/**
 * Settlers one server runs at once on PostgreSQL: two keep both cores of our machines busy. Each
 * takes the investments of its own slice of the users, and none locks the interest account
 * (decision 0019), so they never wait for each other. PGlite has one connection, so it gets one.
 */
export function settlementWorkers(database: "pglite" | "postgres"): number {
  return database === "postgres" ? 2 : 1;
}

/**
 * Settles every investment due by `now`, one transaction per batch, with `workers` settlers at
 * once (default 1). Several servers (or the admin tool) running at once split the work instead of
 * paying twice; a crash rolls back only the batches in flight, and the next run picks them up.
 */
export async function settleDue(
  db: Database,
  now: Date,
  options: { batchSize?: number; maxBatches?: number; workers?: number } = {},
): Promise<SettlementRun> {
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  let batchesLeft = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const total: SettlementRun = { settled: 0, profitCents: 0n, notifications: [] };
  const workers = Math.max(1, options.workers ?? 1);
  // Each settler takes its own slice of the users, so settlers never wait on each other's accounts;
  // SKIP LOCKED still keeps them (and other servers) from ever claiming one investment twice.
  const settler = async (index: number) => {
    // Walking forward from where its last batch got to, a settler never rescans rows it has settled.
    let cursor: QueueCursor | undefined;
    while (batchesLeft > 0) {
      batchesLeft--;
      const run = await db.transaction((tx) => settleBatch(tx, now, batchSize, undefined, cursor, { index, count: workers }));
      cursor = run.cursor ?? cursor;
      total.settled += run.settled;
      total.profitCents += run.profitCents;
      total.notifications.push(...run.notifications);
      if (!run.more) return;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: workers }, (_, index) => settler(index)));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return total;
}
