import { and, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { dailyFigures, ledgerTotalsHour } from "#server/db/schema.js";
import { addTotals, storedTotals, sumTotals, totalsOf, type LedgerTotals } from "./ledger-totals.js";
import { addDays, dayStart, lastCompleteHourEnd, utcDayOf } from "./utc-days.js";

/** The latest stored hour of `day` ending at or before `atOrBefore`. */
export async function latestStoredHour(db: DbExecutor, day: string, atOrBefore: Date) {
  const [row] = await db
    .select()
    .from(ledgerTotalsHour)
    .where(and(gt(ledgerTotalsHour.at, new Date(dayStart(day))), lte(ledgerTotalsHour.at, atOrBefore)))
    .orderBy(desc(ledgerTotalsHour.at))
    .limit(1);
  return row;
}

/**
 * The daily-figures job's second part (decision 0067): stores the ledger's totals at the end of the
 * last completed hour of the current UTC day (complete ten minutes after it ends, as a day is), as
 * the day before's row, or the day's latest stored hour, plus the postings since. Nothing when that
 * hour ends at midnight (the day's row holds it), when the day before has no row yet (the overview
 * then sums from the last stored day), or when it is stored already. Takes turns with the days'
 * writer under the same advisory lock; drops the hours of days before yesterday. Returns whether
 * it wrote.
 */
export async function sumCompletedHour(db: Database, now: Date): Promise<boolean> {
  const end = lastCompleteHourEnd(now);
  const day = utcDayOf(end);
  if (end.getTime() === Date.parse(dayStart(day))) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('daily-figures', 0))`);
    const [dayBefore] = await tx.select().from(dailyFigures).where(eq(dailyFigures.day, addDays(day, -1)));
    if (!dayBefore) return false;
    const latest = await latestStoredHour(tx, day, end);
    if (latest?.at.getTime() === end.getTime()) return false;
    const from = latest?.at ?? new Date(dayStart(day));
    const { rows } = (await tx.execute(
      sql`select ${sumTotals("")} from posting where created_at >= ${from.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    const totals: LedgerTotals = addTotals(storedTotals(latest ?? dayBefore), totalsOf(rows[0] ?? {}, ""));
    await tx.insert(ledgerTotalsHour).values({
      at: end,
      availableCents: totals.available,
      investedCents: totals.invested,
      payoutHoldCents: totals.payoutHold,
      depositsAccountCents: totals.deposits,
      interestAccountCents: totals.interest,
      payoutsAccountCents: totals.payouts,
      feesAccountCents: totals.fees,
      computedAt: now,
    });
    await tx.delete(ledgerTotalsHour).where(lt(ledgerTotalsHour.at, new Date(dayStart(addDays(day, -1)))));
    return true;
  });
}
