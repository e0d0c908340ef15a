import { desc, eq, lt, sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { dailyFigures } from "#server/db/schema.js";
import { addTotals, storedTotals, subtractTotals, sumTotals, totalsOf, type LedgerTotals } from "./ledger-totals.js";
import { latestStoredHour } from "./sum-completed-hour.js";
import { addDays, dayStart, utcDayOf } from "./utc-days.js";

/** Days in the overview's "last 30 days": today (UTC) and the 29 before it. */
export const RECENT_DAYS = 30;

/** The ledger's totals now, and what moved today and in the last RECENT_DAYS days (UTC calendar days). */
export interface OverviewTotals {
  now: LedgerTotals;
  today: LedgerTotals;
  recent: LedgerTotals;
}

type Row = Record<string, unknown>;

async function one(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows[0] ?? {};
}

/** Select-list items: what moved in the last RECENT_DAYS days ("recent_") and today ("today_"). */
function recentAndToday(today: string) {
  const recentFirst = addDays(today, -(RECENT_DAYS - 1));
  return sql`${sumTotals("recent_", sql`created_at >= ${dayStart(recentFirst)}::timestamptz`)}, ${sumTotals("today_", sql`created_at >= ${dayStart(today)}::timestamptz`)}`;
}

/**
 * Every posting of the ledger summed: what the overview shows before the daily-figures job has
 * stored a day (a new install, in the minutes after its first start). Grows with the ledger.
 */
export async function sumEveryPosting(db: DbExecutor, now: Date): Promise<OverviewTotals> {
  const row = await one(db, sql`select ${sumTotals("all_")}, ${recentAndToday(utcDayOf(now))} from posting`);
  return { now: totalsOf(row, "all_"), today: totalsOf(row, "today_"), recent: totalsOf(row, "recent_") };
}

/**
 * The overview's totals (decision 0065): the last day the daily-figures job stored, plus the
 * postings made since (a day or two, found through the BRIN index on posting.created_at), so the
 * cost follows what moved lately rather than the ledger's size. When that day is yesterday and the
 * job has stored an hour of today (decision 0067), that hour plus the postings since it, so the
 * cost is an hour's postings rather than a whole day's. The last 30 days are today's totals less
 * those at the end of the day before the first of them. Before the job has stored a day, every
 * posting is summed (sumEveryPosting).
 */
export async function readLedgerTotals(db: DbExecutor, now: Date): Promise<OverviewTotals> {
  const today = utcDayOf(now);
  const [stored] = await db.select().from(dailyFigures).where(lt(dailyFigures.day, today)).orderBy(desc(dailyFigures.day)).limit(1);
  if (!stored) return sumEveryPosting(db, now);
  const from = addDays(stored.day, 1);
  const recentFirst = addDays(today, -(RECENT_DAYS - 1));
  const hour = from === today ? await latestStoredHour(db, today, now) : undefined;
  let totalsNow: LedgerTotals;
  let todayTotals: LedgerTotals;
  if (hour) {
    const since = await one(db, sql`select ${sumTotals("since_")} from posting where created_at >= ${hour.at.toISOString()}::timestamptz`);
    totalsNow = addTotals(storedTotals(hour), totalsOf(since, "since_"));
    todayTotals = subtractTotals(totalsNow, storedTotals(stored));
  } else {
    const since = await one(db, sql`select ${sumTotals("since_")}, ${recentAndToday(today)} from posting where created_at >= ${dayStart(from)}::timestamptz`);
    totalsNow = addTotals(storedTotals(stored), totalsOf(since, "since_"));
    todayTotals = totalsOf(since, "today_");
    if (recentFirst >= from) return { now: totalsNow, today: todayTotals, recent: totalsOf(since, "recent_") };
  }
  const [before] = await db.select().from(dailyFigures).where(eq(dailyFigures.day, addDays(recentFirst, -1)));
  if (!before) return sumEveryPosting(db, now);
  return { now: totalsNow, today: todayTotals, recent: subtractTotals(totalsNow, storedTotals(before)) };
}
