import { sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { platformAccount } from "../ledger/accounts.js";
import { addDays, dayStart, lastCompleteDay, seriesFirstDay } from "./utc-days.js";

type Row = Record<string, string | null>;

async function one(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row | undefined> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows[0];
}

/** User accounts are 'u:…': a range of the posting key (COLLATE "C"), as reconciliation reads them. */
const USER_ACCOUNT = sql`account_id >= 'u:' and account_id < 'u;'`;

/** The earliest day of [first, last] with no row, or null when every one has its row. */
async function firstMissingDay(tx: DbExecutor, first: string, last: string): Promise<string | null> {
  const row = await one(
    tx,
    sql`select min(d)::text as day from (select ${first}::date + i as d from generate_series(0, ${last}::date - ${first}::date) as i) days
        where not exists (select 1 from daily_figures f where f.day = days.d)`,
  );
  return row?.day ?? null;
}

/**
 * What users held at the end of the day before `day`: that day's row when there is one, else, once
 * (the first run, or after more than the series' length without a run), every user posting before it.
 */
async function heldBefore(tx: DbExecutor, day: string): Promise<string> {
  const stored = await one(tx, sql`select under_management_cents::text as cents from daily_figures where day = ${addDays(day, -1)}::date`);
  if (stored?.cents) return stored.cents;
  const summed = await one(tx, sql`select coalesce(sum(amount_cents), 0)::text as cents from posting where ${USER_ACCOUNT} and created_at < ${dayStart(day)}::timestamptz`);
  return summed?.cents ?? "0";
}

/**
 * The daily-figures job (decision 0061): writes a row for every day of the overview's series that
 * is complete (utc-days.ts, DAY_COMPLETE_AFTER_MS) and has none yet, so the first run and a run
 * after days without one fill every gap at once. From the earliest missing day to the last complete
 * one, in one pass over those days' postings (the BRIN range on created_at): deposits are what
 * p:deposits credited, payouts what p:payouts received (the ledger, as the overview's flows read
 * it), and under management the day before's figure plus the day's user postings.
 *
 * Idempotent: a day's postings no longer change once it is complete, so writing it again writes the
 * same figures (an upsert). Runs take turns under a transaction-scoped advisory lock, so a second
 * server's run waits and then finds nothing missing. Returns how many days it wrote.
 */
export async function sumCompletedDays(db: Database, now: Date): Promise<number> {
  const first = seriesFirstDay(now);
  const last = lastCompleteDay(now);
  if (last < first) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('daily-figures', 0))`);
    const from = await firstMissingDay(tx, first, last);
    if (from === null) return 0;
    const opening = await heldBefore(tx, from);
    const { rows } = (await tx.execute(sql`
      with moves as (
        select (created_at at time zone 'UTC')::date as day,
          -coalesce(sum(amount_cents) filter (where account_id = ${platformAccount("deposits").id}), 0) as deposits,
          coalesce(sum(amount_cents) filter (where account_id = ${platformAccount("payouts").id}), 0) as payouts,
          coalesce(sum(amount_cents) filter (where ${USER_ACCOUNT}), 0) as users
        from posting
        where created_at >= ${dayStart(from)}::timestamptz and created_at < ${dayStart(addDays(last, 1))}::timestamptz
        group by 1
      ),
      days as (select ${from}::date + i as day from generate_series(0, ${last}::date - ${from}::date) as i)
      insert into daily_figures (day, deposits_cents, payouts_cents, under_management_cents, computed_at)
      select days.day, coalesce(moves.deposits, 0), coalesce(moves.payouts, 0),
        ${opening}::bigint + sum(coalesce(moves.users, 0)) over (order by days.day), ${now.toISOString()}::timestamptz
      from days left join moves using (day)
      order by days.day
      on conflict (day) do update set deposits_cents = excluded.deposits_cents, payouts_cents = excluded.payouts_cents,
        under_management_cents = excluded.under_management_cents, computed_at = excluded.computed_at
      returning day`)) as unknown as { rows: Row[] };
    return rows.length;
  });
}
