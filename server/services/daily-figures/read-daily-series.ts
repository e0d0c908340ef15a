import { toJsonCents } from "#shared/money.js";
import { DAILY_SERIES_DAYS, type DailyPoint } from "#shared/schemas/admin-overview.js";
import { and, gte, lt } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { dailyFigures } from "#server/db/schema.js";
import { addDays, seriesFirstDay, utcDayOf } from "./utc-days.js";

/** Today's point so far: what came in and went out, and what users hold now. */
export interface TodaySoFar {
  deposits: bigint;
  payouts: bigint;
  underManagement: bigint;
}

/**
 * The overview's DAILY_SERIES_DAYS points, oldest first: each completed day as the daily-figures job
 * stored it (null figures for a day it has not summed yet: just after midnight, or before its first
 * run), and today so far as the overview has just read it.
 */
export async function readDailySeries(db: DbExecutor, now: Date, live: TodaySoFar): Promise<DailyPoint[]> {
  const today = utcDayOf(now);
  const first = seriesFirstDay(now);
  const stored = new Map(
    (await db.select().from(dailyFigures).where(and(gte(dailyFigures.day, first), lt(dailyFigures.day, today)))).map((row) => [row.day, row]),
  );
  return Array.from({ length: DAILY_SERIES_DAYS }, (_, index): DailyPoint => {
    const day = addDays(first, index);
    if (day === today) {
      return { day, depositsCents: toJsonCents(live.deposits), payoutsCents: toJsonCents(live.payouts), underManagementCents: toJsonCents(live.underManagement) };
    }
    const row = stored.get(day);
    return {
      day,
      depositsCents: row ? toJsonCents(row.depositsCents) : null,
      payoutsCents: row ? toJsonCents(row.payoutsCents) : null,
      underManagementCents: row ? toJsonCents(row.underManagementCents) : null,
    };
  });
}
