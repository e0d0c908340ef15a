/**
 * The settlement benchmark's data: N active investments already due, spread over N/20 users, on the
 * seeded plans with their real terms, and a valid ledger under them — all written with set-based
 * SQL (INSERT … SELECT generate_series) on one dedicated connection. Also the checks that must hold
 * after settlement.
 *
 * The ledger is what the app would have written: per user one deposit journal (p:deposits →
 * u:<id>:available, the sum of the user's principals), per investment one `investment:<id>` journal
 * (u:<id>:available → u:<id>:invested, the principal) referenced by the investment's
 * start_journal_id. So each user's available balance starts at 0, the invested balance equals the
 * sum of their investments' principal, and every balance equals the sum of its postings.
 */
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { applyRate } from "#shared/money.js";

/** Investments per user. */
export const INVESTMENTS_PER_USER = 20;
/** Maturities are spread over this much time before `now` (in ms), so the claim order interleaves users and plans. */
const MATURITY_SPREAD_MS = 30 * 86_400_000;
/** Principal = the plan's minimum plus 0 – this many cents (odd cents included, so half-up rounding is exercised). */
const PRINCIPAL_EXTRA_CENTS = 1_000_000;

export interface SeedSummary {
  investments: number;
  users: number;
  principalCents: bigint;
  profitCents: bigint;
  plans: Array<{ id: string; rateBasisPoints: number; termDays: number; count: number }>;
  journals: number;
  postings: number;
  seconds: number;
}

const HASH = "2654435761"; // Knuth's multiplicative hash: deterministic, well spread
const HASH2 = "2246822519";

/**
 * Seeds `investments` due investments (all with matures_at ≤ now − 1 s), `perUser` per user, on a
 * fresh, migrated, plan-seeded database; `url` is that database. One transaction, then VACUUM
 * ANALYZE and CHECKPOINT.
 */
export async function seedDueInvestments(url: string, investments: number, now: Date, perUser = INVESTMENTS_PER_USER): Promise<SeedSummary> {
  const users = Math.max(1, Math.ceil(investments / perUser));
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    const planCount = Number((await client.query("select count(*)::int as c from plan where active")).rows[0].c);
    if (planCount === 0) throw new Error("no active plans: were the plans seeded?");
    // The investments first, staged in a temporary table, so the journals (which the investment
    // rows reference) can be written before the investment rows themselves.
    await client.query(
      `create temp table seed_inv on commit drop as
       with plans as (select row_number() over (order by sort_order, id) - 1 as k, * from plan where active),
       src as (
         select g, (g::bigint * ${HASH}) % 4294967296 as h, (g::bigint * ${HASH2}) % ${MATURITY_SPREAD_MS} as spread_ms
         from generate_series(1, $1::int) g
       ),
       terms as (
         select src.g, src.spread_ms, p.id as plan_id, p.name as plan_name, p.rate_basis_points, p.term_days,
                p.minimum_cents + (src.h / ${planCount}) % ${PRINCIPAL_EXTRA_CENTS} as principal
         from src join plans p on p.k = src.h % ${planCount}
       )
       select md5('bench-inv-' || g)::uuid::text as id,
              md5('bench-user-' || ((g - 1) % $2::int + 1))::uuid::text as user_id,
              md5('bench-invj-' || g)::uuid::text as start_journal_id,
              plan_id, plan_name, principal as principal_cents, rate_basis_points, term_days,
              (principal * rate_basis_points + 5000) / 10000 as profit_cents,
              $3::timestamptz - interval '1 second' - spread_ms * interval '1 millisecond' - term_days * interval '1 day' as started_at,
              $3::timestamptz - interval '1 second' - spread_ms * interval '1 millisecond' as matures_at
       from terms`,
      [investments, users, now.toISOString()],
    );
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
       select md5('bench-user-' || g)::uuid::text, 'Bench settlement ' || g, md5('bench-user-' || g)::uuid::text || '@example.com',
              true, 'user', $2::timestamptz - interval '90 days', $2::timestamptz - interval '90 days'
       from generate_series(1, $1::int) g`,
      [users, now.toISOString()],
    );
    // Balances as the postings below leave them: available 0, invested Σ principal (p:deposits, created
    // by the migrations, keeps no balance: its postings are −Σ). The accounts exist already: they are
    // created with the user.
    await client.query(
      `insert into ledger_account (id, user_id, kind, balance_cents, created_at)
       select ledger_account_id(user_id, 'available'), user_id, 'available', 0, min(started_at) - interval '1 hour' from seed_inv group by user_id
       union all
       select ledger_account_id(user_id, 'invested'), user_id, 'invested', sum(principal_cents), min(started_at) from seed_inv group by user_id
       on conflict (id) do update set balance_cents = excluded.balance_cents, created_at = excluded.created_at`,
    );
    await client.query(
      `insert into journal (id, idempotency_key, kind, user_id, reference, created_at)
       select md5('bench-dep-' || user_id)::uuid::text, 'bench-seed-deposit:' || user_id, 'deposit', user_id, 'bench seed',
              min(started_at) - interval '1 hour'
       from seed_inv group by user_id
       union all
       select start_journal_id, 'investment:' || id, 'investment', user_id, plan_name, started_at from seed_inv`,
    );
    await client.query(
      // A user posting records its account's balance after it (decision 0028): the running sum in the order the seed made them.
      `insert into posting (journal_id, account_id, amount_cents, balance_after_cents, created_at)
       select journal_id, account_id, amount_cents,
              case when account_id like 'p:%' then null else sum(amount_cents) over (partition by account_id order by created_at, journal_id, o) end,
              created_at from (
         select md5('bench-dep-' || user_id)::uuid::text as journal_id, ledger_account_id(null, 'deposits') as account_id, -sum(principal_cents) as amount_cents,
                min(started_at) - interval '1 hour' as created_at, 0 as o
         from seed_inv group by user_id
         union all
         select md5('bench-dep-' || user_id)::uuid::text, ledger_account_id(user_id, 'available'), sum(principal_cents),
                min(started_at) - interval '1 hour', 1
         from seed_inv group by user_id
         union all
         select start_journal_id, ledger_account_id(user_id, 'available'), -principal_cents, started_at, 0 from seed_inv
         union all
         select start_journal_id, ledger_account_id(user_id, 'invested'), principal_cents, started_at, 1 from seed_inv
       ) p order by created_at, journal_id, o`,
    );
    await client.query(
      `insert into investment (id, user_id, plan_id, plan_name, principal_cents, rate_basis_points, term_days, profit_cents,
                               started_at, matures_at, status, start_journal_id, created_at)
       select id, user_id, plan_id, plan_name, principal_cents, rate_basis_points, term_days, profit_cents,
              started_at, matures_at, 'active', start_journal_id, started_at
       from seed_inv order by started_at`,
    );
    const totals = (
      await client.query(
        `select count(*)::int as investments, count(distinct user_id)::int as users,
                sum(principal_cents)::text as principal, sum(profit_cents)::text as profit
         from investment`,
      )
    ).rows[0] as { investments: number; users: number; principal: string; profit: string };
    const plans = (
      await client.query(
        `select plan_id as id, rate_basis_points as rate, term_days as term, count(*)::int as count
         from investment group by plan_id, rate_basis_points, term_days order by plan_id`,
      )
    ).rows as Array<{ id: string; rate: number; term: number; count: number }>;
    const counts = (
      await client.query(`select (select count(*) from journal)::int as journals, (select count(*) from posting)::int as postings`)
    ).rows[0] as { journals: number; postings: number };
    await client.query("commit");
    // What a database that lived with autovacuum would look like; then flush the seed's dirty pages
    // so the timed run does not pay for writing them back.
    await client.query(`vacuum analyze "user", ledger_account, journal, posting, investment, notification`);
    await client.query("checkpoint");
    return {
      investments: totals.investments,
      users: totals.users,
      principalCents: BigInt(totals.principal),
      profitCents: BigInt(totals.profit),
      plans: plans.map((p) => ({ id: p.id, rateBasisPoints: p.rate, termDays: p.term, count: p.count })),
      journals: counts.journals,
      postings: counts.postings,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Before timing: the seed is what it claims (terms from the plans, profit = applyRate, all due), and the ledger is sound. */
export async function checkSeed(db: Database, expected: number, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const [counts] = await rowsOf<{ total: number; due: number; wrong_terms: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where i.status = 'active' and i.matures_at <= ${now.toISOString()}::timestamptz)::int as due,
               count(*) filter (where p.id is null or p.rate_basis_points <> i.rate_basis_points or p.term_days <> i.term_days
                                or p.name <> i.plan_name or i.principal_cents < p.minimum_cents)::int as wrong_terms
        from investment i left join plan p on p.id = i.plan_id`,
  );
  if (!counts || counts.total !== expected) problems.push(`${counts?.total ?? 0} investments seeded, expected ${expected}`);
  if (counts && counts.due !== expected) problems.push(`${counts.due} investments active and due, expected ${expected}`);
  if (counts && counts.wrong_terms > 0) problems.push(`${counts.wrong_terms} investments do not carry their plan's terms`);
  const profits = await rowsOf<{ principal: string; rate: number; profit: string }>(
    db,
    sql`select principal_cents::text as principal, rate_basis_points as rate, profit_cents::text as profit from investment`,
  );
  const wrongProfit = profits.filter((row) => applyRate(BigInt(row.principal), row.rate) !== BigInt(row.profit)).length;
  if (wrongProfit > 0) problems.push(`${wrongProfit} investments have a profit other than applyRate(principal, rate)`);
  const [invested] = await rowsOf<{ mismatched: number }>(
    db,
    sql`select count(*)::int as mismatched
        from (select user_id, sum(principal_cents) as total from investment group by user_id) i
        full join (select user_id, balance_cents from ledger_account where kind = 'invested') a on a.user_id = i.user_id
        where coalesce(a.balance_cents, 0) <> coalesce(i.total, 0)`,
  );
  if (invested && invested.mismatched > 0) problems.push(`${invested.mismatched} users' invested balance differs from the sum of their principals`);
  problems.push(...(await verifyLedger(db)));
  return problems;
}

export interface SettleVerification {
  problems: string[];
  maturityJournals: number;
  stillActive: number;
}

/**
 * After settlement: every investment matured exactly once (one `maturity:<id>` journal each, linked
 * from the investment, three postings each), none still active, verifyLedger() clean, p:interest =
 * −Σ profit, users' available balances = Σ(principal + profit) in total and per user, invested = 0,
 * one notification per settlement, and settleDue() reported exactly what the database shows.
 */
export async function verifySettlement(
  db: Database,
  expected: { investments: number; principalCents: bigint; profitCents: bigint },
  reported: { settled: number; profitCents: bigint; notifications: number },
): Promise<SettleVerification> {
  const problems: string[] = [];
  const [r] = await rowsOf<Record<string, string>>(
    db,
    sql`select
      (select count(*) from investment where status = 'active')::text as active,
      (select count(*) from investment where status = 'matured' and settled_at is not null)::text as matured,
      (select count(*) from journal where kind = 'maturity')::text as maturity_journals,
      (select count(*) from journal where starts_with(idempotency_key, 'maturity:'))::text as maturity_keys,
      (select count(*) from investment i join journal j on j.id = i.settle_journal_id
         where j.idempotency_key = 'maturity:' || i.id and j.kind = 'maturity' and j.user_id = i.user_id)::text as linked,
      (select count(*) from (select j.id from journal j join posting p on p.journal_id = j.id where j.kind = 'maturity'
         group by j.id having count(*) <> 3) x)::text as wrong_postings,
      (select coalesce(sum(p.amount_cents), 0) from posting p join journal j on j.id = p.journal_id
         where j.kind = 'maturity' and p.account_id = ledger_account_id(null, 'interest'))::text as interest_postings,
      (select balance_cents from ledger_balance where id = ledger_account_id(null, 'interest'))::text as interest,
      (select sum(profit_cents) from investment)::text as profit,
      (select sum(principal_cents + profit_cents) from investment)::text as owed,
      (select coalesce(sum(balance_cents), 0) from ledger_account where kind = 'available' and user_id is not null)::text as available,
      (select coalesce(sum(balance_cents), 0) from ledger_account where kind = 'invested' and user_id is not null)::text as invested,
      (select count(*) from (select user_id, sum(principal_cents + profit_cents) as owed from investment group by user_id) e
         full join (select user_id, balance_cents from ledger_account where kind = 'available') a on a.user_id = e.user_id
         where coalesce(a.balance_cents, 0) <> coalesce(e.owed, 0))::text as users_mismatched,
      (select count(*) from notification where kind = 'investment_matured')::text as notifications`,
  );
  if (!r) return { problems: ["verification query returned nothing"], maturityJournals: -1, stillActive: -1 };
  const n = BigInt(expected.investments);
  const expect = (label: string, got: string | undefined, want: bigint) => {
    if (BigInt(got ?? "-1") !== want) problems.push(`${label}: ${got}, expected ${want}`);
  };
  expect("investments still active", r.active, 0n);
  expect("investments matured with settled_at", r.matured, n);
  expect("maturity journals", r.maturity_journals, n);
  expect("journals keyed maturity:*", r.maturity_keys, n);
  expect("investments linked to their own maturity:<id> journal", r.linked, n);
  expect("maturity journals without exactly 3 postings", r.wrong_postings, 0n);
  expect("Σ profit_cents of the investments", r.profit, expected.profitCents);
  expect("Σ(principal + profit) of the investments", r.owed, expected.principalCents + expected.profitCents);
  expect("p:interest balance", r.interest, -expected.profitCents);
  expect("p:interest postings of maturity journals", r.interest_postings, -expected.profitCents);
  expect("users' available balances in total", r.available, expected.principalCents + expected.profitCents);
  expect("users' invested balances in total", r.invested, 0n);
  expect("users whose available balance is not Σ(principal + profit) of their investments", r.users_mismatched, 0n);
  expect("investment_matured notifications", r.notifications, n);
  if (reported.settled !== expected.investments) problems.push(`settleDue() reported ${reported.settled} settled, expected ${expected.investments}`);
  if (reported.profitCents !== expected.profitCents) problems.push(`settleDue() reported ${reported.profitCents} profit cents, expected ${expected.profitCents}`);
  if (reported.notifications !== expected.investments) problems.push(`settleDue() returned ${reported.notifications} notifications, expected ${expected.investments}`);
  problems.push(...(await verifyLedger(db)));
  return { problems, maturityJournals: Number(r.maturity_journals), stillActive: Number(r.active) };
}
