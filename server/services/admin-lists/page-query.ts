import { and, gte, ilike, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import type { PgSelect } from "drizzle-orm/pg-core";
import { LIST_COUNT_CAP, LIST_LIMIT_DEFAULT, type CountedList, type SortOrder } from "#shared/schemas/admin-list.js";
import { AppError } from "#server/errors.js";
import { keyset, type CursorFields, type SortKey } from "../paging/keyset.js";

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

/** What a list's `matching` query selects: one constant per matching row, for countUpToCap. */
export const matchRow = { one: sql<number>`1`.as("one") };

/**
 * The `total` beside a page: the rows of `matching` (the list's query with its joins and
 * conditions, selecting `matchRow`) counted up to one over LIST_COUNT_CAP, so a list of a million
 * rows costs what a thousand do (decision 0066).
 */
export function countUpToCap(db: DbExecutor, matching: PgSelect): Promise<Array<{ total: number }>> {
  return db.select({ total: sql<number>`count(*)::int` }).from(matching.limit(LIST_COUNT_CAP + 1).as("matching"));
}

/** The most rows one CSV export holds; a larger one is refused (narrow the filters) rather than cut short. */
export const CSV_MAX_ROWS = 10_000;

/** What a back-office list is asked for: its order, the page after `cursor` (`limit` rows), or with `format=csv` every match. */
export interface ListRequest<K extends string> {
  sort: SortOrder<K>;
  cursor?: string | undefined;
  limit?: number | undefined;
  format?: "json" | "csv" | undefined;
}

/** What the list's own query adds for the keyset: `fields` in its select (the cursor's key and id), `where` among its conditions. */
export interface CursorSelection {
  fields: { cursorKey: SQL<string>; cursorId: SQL<string> };
  where: SQL | undefined;
}

/**
 * One page of a back-office list with the `total` of every match, or every match for its CSV.
 * The page is a keyset page (server/services/paging/keyset.ts) on the sort's key (one of `keys`)
 * then `id`, both in the sort's direction: `rows` is the list's query (its joins and conditions,
 * `$dynamic()`) selecting `selection.fields` and holding `selection.where`; `count` is
 * countUpToCap of the same selecting `matchRow`. A cursor made under another sort order, or not made here, is a 400.
 * A CSV ignores the cursor and the limit and reads one row over the cap, so a cut-off is refused, never silent.
 */
export async function readCountedList<K extends string, Q extends PgSelect, T>(
  request: ListRequest<K>,
  order: { keys: Record<K, SortKey>; id: AnyColumn | SQL },
  rows: (selection: CursorSelection) => Q,
  count: Promise<Array<{ total: number }>>,
  toItem: (row: Awaited<Q>[number]) => T,
): Promise<CountedList<T>> {
  const csv = request.format === "csv";
  const page = keyset({ sort: request.sort, keys: order.keys, id: order.id, cursor: csv ? undefined : request.cursor, limit: csv ? CSV_MAX_ROWS : (request.limit ?? LIST_LIMIT_DEFAULT) });
  const ordered = rows({ fields: page.fields, where: page.where }).orderBy(...page.orderBy);
  if (csv) {
    const items = ((await ordered.limit(CSV_MAX_ROWS + 1)) as unknown as Awaited<Q>).map(toItem);
    if (items.length > CSV_MAX_ROWS) throw new AppError("VALIDATION_FAILED", `An export holds at most ${CSV_MAX_ROWS} rows. Narrow the filters (dates, status) and download again.`);
    return { items, nextCursor: null, total: items.length, totalCapped: false };
  }
  const [read, counted] = await Promise.all([ordered.limit(page.readLimit) as unknown as Promise<Array<Awaited<Q>[number] & CursorFields>>, count]);
  const { rows: shown, nextCursor } = page.page(read);
  const total = counted[0]?.total ?? 0;
  return { items: shown.map(toItem), nextCursor, total: Math.min(total, LIST_COUNT_CAP), totalCapped: total > LIST_COUNT_CAP };
}
