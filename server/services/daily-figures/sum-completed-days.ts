import { eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { dailyFigures } from "#server/db/schema.js";
import { storedTotals, sumTotals, totalsOf, ZERO_TOTALS, type LedgerTotals } from "./ledger-totals.js";
import { addDays, dayStart, lastCompleteDay, seriesFirstDay } from "./utc-days.js";

type Row = Record<string, string | null>;

async function one(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row | undefined> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows[0];
}

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
 * The ledger's totals at the end of the day before `day`: that day's row when there is one, else,
 * once (the first run, or after more than the series' length without a run), every posting before it.
 */
async function totalsBefore(tx: DbExecutor, day: string): Promise<LedgerTotals> {
  const stored = await tx.select().from(dailyFigures).where(eq(dailyFigures.day, addDays(day, -1)));
  if (stored[0]) return storedTotals(stored[0]);
  const summed = await one(tx, sql`select ${sumTotals("")} from posting where created_at < ${dayStart(day)}::timestamptz`);
  return summed ? totalsOf(summed, "") : ZERO_TOTALS;
}

/** A total at each day's end: the opening figure plus the day's and every earlier day's postings. */
const running = (opening: LedgerTotals, part: keyof LedgerTotals) =>
  sql`${opening[part].toString()}::bigint + sum(coalesce(moves.${sql.identifier(part)}::bigint, 0)) over (order by days.day)`;

/**
 * The daily-figures job (decision 0061): writes a row for every day of the overview's series that
 * is complete (utc-days.ts, DAY_COMPLETE_AFTER_MS) and has none yet, so the first run and a run
 * after days without one fill every gap at once. From the earliest missing day to the last complete
 * one, in one pass over those days' postings (the BRIN range on created_at): deposits are what
 * p:deposits credited, payouts what p:payouts received (the ledger, as the overview's flows read
 * it), and each total of ledger-totals.ts the day before's figure plus the day's postings to it.
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
    const opening = await totalsBefore(tx, from);
    const { rows } = (await tx.execute(sql`
      with moves as (
        select (created_at at time zone 'UTC')::date as day, ${sumTotals("")}
        from posting
        where created_at >= ${dayStart(from)}::timestamptz and created_at < ${dayStart(addDays(last, 1))}::timestamptz
        group by 1
      ),
      days as (select ${from}::date + i as day from generate_series(0, ${last}::date - ${from}::date) as i),
      ends as (
        select days.day, -coalesce(moves.deposits::bigint, 0) as deposits_cents, coalesce(moves.payouts::bigint, 0) as payouts_cents,
          ${running(opening, "available")} as available_cents, ${running(opening, "invested")} as invested_cents,
          ${running(opening, "payoutHold")} as payout_hold_cents, ${running(opening, "deposits")} as deposits_account_cents,
          ${running(opening, "interest")} as interest_account_cents, ${running(opening, "payouts")} as payouts_account_cents,
          ${running(opening, "fees")} as fees_account_cents
        from days left join moves using (day)
      )
      insert into daily_figures (day, deposits_cents, payouts_cents, under_management_cents, available_cents, invested_cents, payout_hold_cents,
        deposits_account_cents, interest_account_cents, payouts_account_cents, fees_account_cents, computed_at)
      select day, deposits_cents, payouts_cents, available_cents + invested_cents + payout_hold_cents, available_cents, invested_cents, payout_hold_cents,
        deposits_account_cents, interest_account_cents, payouts_account_cents, fees_account_cents, ${now.toISOString()}::timestamptz
      from ends
      order by day
      on conflict (day) do update set deposits_cents = excluded.deposits_cents, payouts_cents = excluded.payouts_cents,
        under_management_cents = excluded.under_management_cents, available_cents = excluded.available_cents,
        invested_cents = excluded.invested_cents, payout_hold_cents = excluded.payout_hold_cents,
        deposits_account_cents = excluded.deposits_account_cents, interest_account_cents = excluded.interest_account_cents,
        payouts_account_cents = excluded.payouts_account_cents, fees_account_cents = excluded.fees_account_cents, computed_at = excluded.computed_at
      returning day`)) as unknown as { rows: Row[] };
    return rows.length;
  });
}
