import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { AppError } from "#server/errors.js";

/**
 * Keyset paging, the one way every list pages (shared/schemas/paging.ts): a page is the rows after the
 * last one of the page before in the list's order, `(sort key, id) < (its key, its id)` (or `>`
 * ascending), never an OFFSET, so a page costs what it shows however deep it is and a row written
 * meanwhile neither shifts nor repeats the rows after it. The order is always the sort key then the
 * id, both in one direction, so rows that tie on the key keep one order.
 *
 * The cursor is base64url of JSON `[order, key, id]`: the order it was made for ("createdAt:desc")
 * and the last row's key and id as exact text. A timestamp's text is UTC with microseconds, read
 * from PostgreSQL (`keyText`), and compared against a `::timestamptz` cast of that text: a
 * JavaScript Date keeps milliseconds only and would skip or repeat rows written in one millisecond.
 */

/** How a sort key is carried in a cursor and cast back for the comparison. */
export type KeyType = "timestamptz" | "bigint" | "text";

export interface SortKey {
  expression: AnyColumn | SQL;
  type: KeyType;
}

export type Direction = "asc" | "desc";

/** The last row of a page: its sort key and id as text. */
export interface Position {
  key: string;
  id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BIGINT_TEXT = /^-?\d{1,19}$/;
const MAX_KEY_LENGTH = 300;
const MAX_ID_LENGTH = 100;

/**
 * A text sort key (an e-mail, a name, a status) compared byte by byte, `COLLATE "C"`: the ORDER BY
 * and the comparison with the cursor's key both use the expression, so both use this one collation
 * whatever the database's default, and a page never skips or repeats a row.
 */
export function textKey(expression: AnyColumn | SQL): SortKey {
  return { expression: sql`(${expression}) collate "C"`, type: "text" };
}

/** A key's value as exact text: a timestamp in UTC to the microsecond ("2026-03-02T10:00:00.123456Z"). */
export function keyText(key: SortKey): SQL<string> {
  return key.type === "timestamptz"
    ? sql<string>`to_char(${key.expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`(${key.expression})::text`;
}

export function encodeCursor(order: string, position: Position): string {
  return Buffer.from(JSON.stringify([order, position.key, position.id]), "utf8").toString("base64url");
}

const refused = (why: string) => new AppError("VALIDATION_FAILED", `cursor is not one this list gave: ${why} Start again from the first page (leave cursor out).`, { cursor: why });

const validKey = (type: KeyType, key: string) =>
  type === "timestamptz" ? TIMESTAMP_TEXT.test(key) && !Number.isNaN(Date.parse(key)) : type === "bigint" ? BIGINT_TEXT.test(key) : key.length <= MAX_KEY_LENGTH;

/**
 * The position a cursor holds, checked before any query uses it: undefined for the first page,
 * a 400 VALIDATION_FAILED (nothing read, nothing changed) for text this list did not give out,
 * including a cursor of the same list under another sort order.
 */
export function decodeCursor(cursor: string | undefined, order: string, type: KeyType): Position | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused("it is not base64url text.");
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused("it does not decode.");
  }
  if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === "string")) throw refused("it does not decode.");
  const [madeFor, key, id] = value as [string, string, string];
  if (madeFor !== order) throw refused("it belongs to another sort order.");
  if (!validKey(type, key) || id.length === 0 || id.length > MAX_ID_LENGTH) throw refused("its position is malformed.");
  return { key, id };
}

/** `(key, id) < (position)` descending, `>` ascending: the rows after the position in the list's order. */
export function afterPosition(key: SortKey, id: AnyColumn | SQL, direction: Direction, position: Position): SQL {
  const operator = sql.raw(direction === "desc" ? "<" : ">");
  return sql`(${key.expression}, ${id}) ${operator} (${position.key}::${sql.raw(key.type)}, ${position.id})`;
}

/** The list's order: the key, then the id, in one direction. */
export function keysetOrder(key: SortKey, id: AnyColumn | SQL, direction: Direction): SQL[] {
  const by = direction === "desc" ? desc : asc;
  return [by(key.expression), by(id)];
}

/** What a keyset query selects besides its own fields, for the cursor of its last row. */
export interface CursorFields {
  cursorKey: string;
  cursorId: string;
}

/**
 * One page of a list ordered by `sort` (a key of `keys`) then `id`, after `cursor`: the condition
 * and order to put on the query, the fields to select for the cursor, and `page` to cut the rows
 * read (`limit + 1` of them: the one over says a next page exists) into items and `nextCursor`.
 */
export function keyset<K extends string>(options: { sort: { key: K; direction: Direction }; keys: Record<K, SortKey>; id: AnyColumn | SQL; cursor: string | undefined; limit: number }) {
  const { sort, keys, id, cursor, limit } = options;
  const key = keys[sort.key];
  const order = `${sort.key}:${sort.direction}`;
  const position = decodeCursor(cursor, order, key.type);
  return {
    where: position ? afterPosition(key, id, sort.direction, position) : undefined,
    orderBy: keysetOrder(key, id, sort.direction),
    /** Read one more than a page. */
    readLimit: limit + 1,
    fields: { cursorKey: keyText(key), cursorId: sql<string>`(${id})::text` },
    page<R extends CursorFields>(rows: R[]): { rows: R[]; nextCursor: string | null } {
      return pageAndCursor(rows, limit, order, (row) => ({ key: row.cursorKey, id: row.cursorId }));
    },
  };
}

/** The first `limit` rows and, when more were read, the cursor after the last of them. */
export function pageAndCursor<R>(rows: R[], limit: number, order: string, positionOf: (row: R) => Position): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(order, positionOf(page[page.length - 1]!)) };
}

/** What a list is asked for: the page after `cursor` (the first without one), `limit` items. */
export interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

/** A list newest first by `createdAt`, then id: the order of every user's own list. */
export function newestFirst(createdAt: AnyColumn | SQL, id: AnyColumn | SQL, request: PageRequest) {
  return keyset({ sort: { key: "createdAt", direction: "desc" }, keys: { createdAt: { expression: createdAt, type: "timestamptz" } }, id, cursor: request.cursor, limit: request.limit });
}
