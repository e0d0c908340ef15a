import { toJsonCents } from "#shared/money.js";
import { DAILY_SERIES_DAYS, type DailyPoint } from "#shared/schemas/admin-overview.js";
import { and, gte, lt, sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { dailyFigures } from "#server/db/schema.js";
import { platformAccount } from "../ledger/accounts.js";
import { addDays, dayStart, seriesFirstDay, utcDayOf } from "./utc-days.js";

const DEPOSITS = platformAccount("deposits").id;
const PAYOUTS = platformAccount("payouts").id;

/**
 * Today's deposits and payouts so far: only today's postings of the two platform accounts, found
 * through the BRIN index on posting.created_at (server/db/sql/online/), never an account's whole history.
 */
async function todaysFlows(db: DbExecutor, today: string): Promise<{ deposits: bigint; payouts: bigint }> {
  const { rows } = (await db.execute(sql`
    select account_id, sum(amount_cents)::text as cents from posting
    where created_at >= ${dayStart(today)}::timestamptz and created_at < ${dayStart(addDays(today, 1))}::timestamptz
      and account_id in (${DEPOSITS}, ${PAYOUTS})
    group by account_id`)) as unknown as { rows: Array<{ account_id: string; cents: string }> };
  const sum = (id: string) => BigInt(rows.find((row) => row.account_id === id)?.cents ?? "0");
  return { deposits: -sum(DEPOSITS), payouts: sum(PAYOUTS) };
}

/**
 * The overview's DAILY_SERIES_DAYS points, oldest first: each completed day as the daily-figures job
 * stored it (null figures for a day it has not summed yet: just after midnight, or before its first
 * run), and today so far, with what users hold now (`underManagementNowCents`, the liabilities the
 * overview has just read) as today's last figure.
 */
export async function readDailySeries(db: DbExecutor, now: Date, underManagementNowCents: bigint): Promise<DailyPoint[]> {
  const today = utcDayOf(now);
  const first = seriesFirstDay(now);
  const stored = new Map(
    (await db.select().from(dailyFigures).where(and(gte(dailyFigures.day, first), lt(dailyFigures.day, today)))).map((row) => [row.day, row]),
  );
  const live = await todaysFlows(db, today);
  return Array.from({ length: DAILY_SERIES_DAYS }, (_, index): DailyPoint => {
    const day = addDays(first, index);
    if (day === today) {
      return { day, depositsCents: toJsonCents(live.deposits), payoutsCents: toJsonCents(live.payouts), underManagementCents: toJsonCents(underManagementNowCents) };
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
