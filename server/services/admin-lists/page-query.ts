import { and, asc, desc, gte, ilike, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SortOrder } from "#shared/schemas/admin-list.js";
import { AppError } from "#server/errors.js";

/** The rows of one page: `limit` and `offset` for a query. */
export function pageWindow({ page, pageSize }: { page: number; pageSize: number }) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * The ORDER BY for a sorted list: the chosen column, then the id in the same direction, so rows
 * that tie (two deposits in the same millisecond, equal amounts) keep one order from page to page.
 */
export function sortedBy<K extends string>(sort: SortOrder<K>, columns: Record<K, AnyColumn | SQL>, id: AnyColumn): SQL[] {
  const by = sort.direction === "desc" ? desc : asc;
  return [by(columns[sort.key]), by(id)];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` and `to` are whole UTC days, both included: from the start of `from` to the end of `to`. */
export function withinDays(column: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  const start = from === undefined ? undefined : gte(column, new Date(`${from}T00:00:00Z`));
  const end = to === undefined ? undefined : lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS));
  return and(start, end);
}

/** Amounts between `min` and `max` cents, both included. */
export function withinAmounts(column: AnyColumn, min: bigint | undefined, max: bigint | undefined): SQL | undefined {
  return and(min === undefined ? undefined : gte(column, min), max === undefined ? undefined : lte(column, max));
}

/** `%` and `_` typed by the operator are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Any of `columns` contains `q`, case-insensitive; no condition when there is no search. */
export function matchingText(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** The total for the pager, read with the same conditions as the page. */
export const countAll = sql<number>`count(*)::int`;

/** The most rows one CSV export holds; a larger one is refused (narrow the filters) rather than cut short. */
export const CSV_MAX_ROWS = 10_000;

/**
 * One page of a list, or every matching row for its CSV, with the total. `read` gets the window
 * (no limit for the CSV beyond one row over the cap, so a cut-off is detected, never silent).
 */
export async function readList<T>(
  query: { page: number; pageSize: number; format?: "json" | "csv" },
  read: (window: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; page: number; pageSize: number; total: number }> {
  if (query.format === "csv") {
    const items = await read({ limit: CSV_MAX_ROWS + 1, offset: 0 });
    if (items.length > CSV_MAX_ROWS) throw new AppError("VALIDATION_FAILED", `An export holds at most ${CSV_MAX_ROWS} rows. Narrow the filters (dates, status) and download again.`);
    return { items, page: 1, pageSize: items.length, total: items.length };
  }
  const [items, total] = await Promise.all([read(pageWindow(query)), count()]);
  return { items, page: query.page, pageSize: query.pageSize, total };
}
