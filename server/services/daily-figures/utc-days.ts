import { DAILY_SERIES_DAYS } from "#shared/schemas/admin-overview.js";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * How long after a UTC day ends before it is summed. A posting carries its transaction's start
 * (`now()` in post_journal), so a transaction begun at 23:59:59 and committed at 00:00:04 adds a
 * posting to the day before, after midnight. Waiting ten minutes lets every such transaction
 * commit first: the ones that post are a request's or a settlement batch's, seconds long.
 */
export const DAY_COMPLETE_AFTER_MS = 10 * 60_000;

/** A moment's UTC day, "YYYY-MM-DD". */
export const utcDayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `days` after (or before, when negative) a "YYYY-MM-DD" day. */
export const addDays = (day: string, days: number) => utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** When a day starts, as an ISO timestamp (its end is the next day's start). */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** The first day of the overview's series: today is its last of DAILY_SERIES_DAYS. */
export const seriesFirstDay = (now: Date) => addDays(utcDayOf(now), -(DAILY_SERIES_DAYS - 1));

/** The last day that may be summed at `now`: the day before the one DAY_COMPLETE_AFTER_MS ago. */
export const lastCompleteDay = (now: Date) => addDays(utcDayOf(new Date(now.getTime() - DAY_COMPLETE_AFTER_MS)), -1);

/** The end of the last hour that may be summed at `now`: like a day, an hour is complete DAY_COMPLETE_AFTER_MS after it ends. */
export const lastCompleteHourEnd = (now: Date) => new Date(Math.floor((now.getTime() - DAY_COMPLETE_AFTER_MS) / HOUR_MS) * HOUR_MS);
