import { toJsonCents } from "#shared/money.js";
import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { MATURING_WITHIN_DAYS, type AdminOverviewDto, type FlowFigures } from "#shared/schemas/admin-overview.js";
import { readDailySeries } from "../daily-figures/read-daily-series.js";
import { platformAccount } from "../ledger/accounts.js";
import { recentLedgerCheck } from "./ledger-check.js";
import { readLastSettlementRun } from "./settlement-run.js";

const DAY_MS = 86_400_000;

type Row = Record<string, string | number | Date | null>;

async function one(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows[0] ?? {};
}

async function many(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
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
 * (as the periodic job last stored it, decision 0063) and the completed days of the daily series (kept by a job, decision 0061).
 * `approvalCents` is PAYOUT_APPROVAL_USD: payouts that reach it
 * (with the recipient's others of 24 hours) wait for a second admin until one approves them (four eyes).
 */
export async function readOverview(db: DbExecutor, now: Date, approvalCents: bigint): Promise<AdminOverviewDto> {
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
  const owed = new Map(
    (await many(db, sql`select kind, coalesce(sum(balance_cents), 0)::text as total from ledger_account where user_id is not null group by kind`)).map(
      (row) => [row.kind, BigInt(String(row.total))],
    ),
  );
  const available = owed.get("available") ?? 0n;
  const invested = owed.get("invested") ?? 0n;
  const held = owed.get("payout_hold") ?? 0n;

  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const ids = {
    deposits: platformAccount("deposits").id,
    interest: platformAccount("interest").id,
    payouts: platformAccount("payouts").id,
    fees: platformAccount("fees").id,
  };
  // The platform accounts keep no balance; what crossed them is the sum of their postings
  // (through the posting key's leading account column). Deposits and interest are paid out of
  // their accounts (negative), payouts and early-withdrawal fees paid into theirs.
  const platformRows = await many(
    db,
    sql`select account_id,
          coalesce(sum(amount_cents) filter (where created_at >= ${startOfDay.toISOString()}::timestamptz), 0)::text as today,
          coalesce(sum(amount_cents) filter (where created_at >= ${monthAgo.toISOString()}::timestamptz), 0)::text as month,
          coalesce(sum(amount_cents), 0)::text as total
        from posting where account_id in (${ids.deposits}, ${ids.interest}, ${ids.payouts}, ${ids.fees}) group by account_id`,
  );
  const platform = new Map(platformRows.map((row) => [row.account_id, row]));
  const flow = (column: "today" | "month" | "total"): FlowFigures => {
    const sum = (id: string) => BigInt(String(platform.get(id)?.[column] ?? "0"));
    return { moneyInCents: toJsonCents(-sum(ids.deposits)), interestPaidCents: toJsonCents(-sum(ids.interest)), moneyOutCents: toJsonCents(sum(ids.payouts)),
      feesCents: toJsonCents(sum(ids.fees)),
    };
  };

  const daily = await readDailySeries(db, now, available + invested + held);
  const check = await recentLedgerCheck(db, now);
  const run = await readLastSettlementRun(db);
  return {
    generatedAt: now.toISOString(),
    pendingDeposits: queue(deposits, now),
    pendingPayouts: { ...queue(payouts, now), awaitingSecondApproval: Number(payouts.awaiting ?? 0) },
    maturing: { withinDays: MATURING_WITHIN_DAYS, count: Number(maturing.count ?? 0), principalCents: cents(maturing.principal), profitCents: cents(maturing.profit) },
    liabilities: {
      availableCents: toJsonCents(available),
      investedCents: toJsonCents(invested),
      payoutHoldCents: toJsonCents(held),
      totalCents: toJsonCents(available + invested + held),
    },
    flows: { today: flow("today"), last30Days: flow("month"), allTime: flow("total") },
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
