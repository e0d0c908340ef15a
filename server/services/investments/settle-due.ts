import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import { MATURITY_INSTRUCTION_WORDS, ROLLOVER_REFUSALS, type MaturityInstruction, type RolloverRefusal } from "#shared/schemas/investments.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { notifyAll, type NotificationInput } from "../notifications/notify.js";

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
  out_outcome: MaturityInstruction | null;
  out_refusal: RolloverRefusal | null;
  out_new_investment_id: string | null;
  out_new_principal_cents: string | null;
  out_new_profit_cents: string | null;
  out_new_matures_at: string | Date | null;
}

interface PaidRow extends SettledRow {
  out_investment_id: string;
  out_user_id: string;
  out_plan_name: string;
  out_principal_cents: string;
  out_profit_cents: string;
  out_outcome: MaturityInstruction;
}

const day = (value: string | Date) => new Date(value).toISOString().slice(0, 10);

/** What the investor is told: paid out, rolled over (and into what), or paid out because a rollover could not be made. */
function maturedNotice(row: PaidRow): NotificationInput {
  const principal = BigInt(row.out_principal_cents);
  const profit = BigInt(row.out_profit_cents);
  const opening = `Your ${row.out_plan_name} investment of ${formatCents(principal)} has matured`;
  let body: string;
  if (row.out_outcome === "payout" || !row.out_new_investment_id) {
    const paid = `${formatCents(principal + profit)} (including ${formatCents(profit)} profit) is now in your main balance.`;
    body = row.out_refusal
      ? `${opening}. You asked to roll it over, but ${ROLLOVER_REFUSALS[row.out_refusal]}, so it was paid out: ${paid}`
      : `${opening}: ${paid}`;
  } else {
    const next = `a new ${row.out_plan_name} investment of ${formatCents(BigInt(row.out_new_principal_cents ?? "0"))}, maturing on ${day(row.out_new_matures_at ?? "")} with ${formatCents(BigInt(row.out_new_profit_cents ?? "0"))} profit`;
    body =
      row.out_outcome === "rollover_principal"
        ? `${opening}: the ${formatCents(profit)} profit is now in your main balance and the principal started ${next}.`
        : `${opening}: the principal and the ${formatCents(profit)} profit started ${next}.`;
    body += ` It will ${MATURITY_INSTRUCTION_WORDS[row.out_outcome].label.toLowerCase()} again unless you change that on the investment.`;
  }
  return { userId: row.out_user_id, kind: MATURED.kind, title: row.out_outcome === "payout" ? MATURED.title : "Investment rolled over", body, subjectId: row.out_investment_id };
}

/**
 * Settles one batch in the caller's transaction through `settle_due_investments`
 * (server/db/sql/functions): each investment paid out or rolled over as its instruction says, the
 * profit from the platform's interest account, one journal per investment keyed `maturity:<id>`,
 * rows claimed with SKIP LOCKED. A batch takes whole users:
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
  const notifications = paid.map(maturedNotice);
  // One statement with array parameters, not a VALUES list of thousands of parameters.
  await notifyAll(tx, notifications);
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
