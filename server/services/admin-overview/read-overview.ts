import { toJsonCents } from "#shared/money.js";
import { sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { MATURING_WITHIN_DAYS, type AdminOverviewDto, type FlowFigures } from "#shared/schemas/admin-overview.js";
import { readDailySeries } from "../daily-figures/read-daily-series.js";
import { underManagement, type LedgerTotals } from "../daily-figures/ledger-totals.js";
import { readLedgerTotals } from "../daily-figures/read-ledger-totals.js";
import { recentLedgerCheck, type LedgerCheck } from "./ledger-check.js";
import { readLastSettlementRun } from "./settlement-run.js";

const DAY_MS = 86_400_000;

type Row = Record<string, string | number | Date | null>;

async function one(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows[0] ?? {};
}

/** Sums come back as text (bigint); counts as int. */
const cents = (value: unknown) => toJsonCents(BigInt(String(value ?? "0")));
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

function queue(row: Row, now: Date) {
  const oldestAt = iso(row.oldest);
  return {
    count: Number(row.count ?? 0),
    totalCents: cents(row.total),
    oldestAt,
    oldestAgeSeconds: oldestAt === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(oldestAt)) / 1000)),
  };
}

/**
 * The operator's overview: every figure read from the database now, but the ledger check
 * (as the periodic job last stored it, decision 0063), the completed days of the daily series (kept
 * by a job, decision 0061), and the liabilities and flows: the last completed day's totals plus the
 * postings since (decision 0065).
 * `approvalCents` is PAYOUT_APPROVAL_USD: payouts that reach it
 * (with the recipient's others of 24 hours) wait for a second admin until one approves them (four eyes).
 */
export async function readOverview(db: Database, now: Date, approvalCents: bigint): Promise<AdminOverviewDto> {
  // The check carries its own time (and, before the job's first, is shared per database).
  const check = await recentLedgerCheck(db, now);
  // One snapshot, so the figures add up to each other; no parallel workers, whose start-up costs
  // more than the index-only scans they would split (decision 0065).
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return readFigures(tx, now, approvalCents, check);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function readFigures(db: DbExecutor, now: Date, approvalCents: bigint, check: LedgerCheck): Promise<AdminOverviewDto> {
  const deposits = await one(
    db,
    sql`select count(*)::int as count, coalesce(sum(amount_cents), 0)::text as total, min(created_at) as oldest from deposit where status = 'pending'`,
  );
  const payouts = await one(
    db,
    sql`select count(*)::int as count, coalesce(sum(amount_cents), 0)::text as total, min(created_at) as oldest,
          (count(*) filter (where coalesce(needs_approval, amount_cents >= ${approvalCents.toString()}::bigint) and approved_by is null))::int as awaiting
        from payout where status = 'requested'`,
  );
  const horizon = new Date(now.getTime() + MATURING_WITHIN_DAYS * DAY_MS);
  // Overdue rows the settler has not reached yet are still owed, so they count as maturing too.
  const maturing = await one(
    db,
    sql`select count(*)::int as count, coalesce(sum(principal_cents), 0)::text as principal, coalesce(sum(profit_cents), 0)::text as profit
        from investment where status = 'active' and matures_at <= ${horizon.toISOString()}::timestamptz`,
  );
  const totals = await readLedgerTotals(db, now);
  const heldByUsers = underManagement(totals.now);
  // Deposits and interest are paid out of their platform accounts (negative), payouts and
  // early-withdrawal fees paid into theirs.
  const flow = (moved: LedgerTotals): FlowFigures => ({
    moneyInCents: toJsonCents(-moved.deposits),
    interestPaidCents: toJsonCents(-moved.interest),
    moneyOutCents: toJsonCents(moved.payouts),
    feesCents: toJsonCents(moved.fees),
  });
  const daily = await readDailySeries(db, now, { deposits: -totals.today.deposits, payouts: totals.today.payouts, underManagement: heldByUsers });
  const run = await readLastSettlementRun(db);
  return {
    generatedAt: now.toISOString(),
    pendingDeposits: queue(deposits, now),
    pendingPayouts: { ...queue(payouts, now), awaitingSecondApproval: Number(payouts.awaiting ?? 0) },
    maturing: { withinDays: MATURING_WITHIN_DAYS, count: Number(maturing.count ?? 0), principalCents: cents(maturing.principal), profitCents: cents(maturing.profit) },
    liabilities: {
      availableCents: toJsonCents(totals.now.available),
      investedCents: toJsonCents(totals.now.invested),
      payoutHoldCents: toJsonCents(totals.now.payoutHold),
      totalCents: toJsonCents(heldByUsers),
    },
    flows: { today: flow(totals.today), last30Days: flow(totals.recent), allTime: flow(totals.now) },
    daily,
    ledgerCheck: { checkedAt: check.checkedAt.toISOString(), problems: check.problems },
    lastSettlementRun: run && {
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt.toISOString(),
      settled: run.settled,
      profitCents: toJsonCents(run.profitCents),
      error: run.error,
    },
  };
}
