import * as z from "zod/mini";
import { parseAmount } from "../money.js";
import { cursorQueryFields, type ListOf } from "./paging.js";
import { textField } from "./text.js";

/**
 * The query pieces every back-office list takes (docs/decisions/0032, 0050): one page of a
 * filtered, sorted list after its `cursor`, or the whole of it as CSV. Each list builds its own
 * query from these with `z.object({ ...listQuery(sortParam([...])), status: ..., })`, so the names,
 * limits and words are the same on every screen, and the web client keeps the same names in the URL.
 * Pages are keyset pages of the one list shape (shared/schemas/paging.ts), never page numbers.
 */

/** Rows a back-office page holds unless `limit` says otherwise. */
export const LIST_LIMIT_DEFAULT = 50;

export interface SortOrder<K extends string> {
  key: K;
  direction: "asc" | "desc";
}

/** "createdAt" is ascending, "-createdAt" descending; only the list's own keys. */
export function parseSort<K extends string>(text: string, keys: readonly K[]): SortOrder<K> | undefined {
  const direction = text.startsWith("-") ? "desc" : "asc";
  const key = direction === "desc" ? text.slice(1) : text;
  return (keys as readonly string[]).includes(key) ? { key: key as K, direction } : undefined;
}

/**
 * `sort` for a list that can be ordered by `keys` (the first is the default, ascending): the
 * result is `{ key, direction }`. Ties are always broken by id on the server, so pages never
 * overlap or skip a row.
 */
export function sortParam<const K extends string>(keys: readonly [K, ...K[]], fallback: SortOrder<K> = { key: keys[0], direction: "asc" }) {
  const message = `sort must be one of ${keys.join(", ")}, each optionally with a leading "-" for descending.`;
  return z.pipe(
    z.optional(z.string(message).check(z.refine((text) => parseSort(text, keys) !== undefined, message), z.describe(`Sort by ${keys.join(", ")}; a leading "-" sorts descending. Ties are ordered by id.`))),
    z.transform((text): SortOrder<K> => (text === undefined ? fallback : (parseSort(text, keys) ?? fallback))),
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (text: string) => ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** A calendar day in UTC ("2026-11-24"); `from` counts from its start, `to` up to its end. */
export const isoDateParam = (name: "from" | "to") =>
  z.optional(
    z
      .string(`${name} must be a date like 2026-01-31.`)
      .check(
        z.refine(isCalendarDate, `${name} must be a date like 2026-01-31.`),
        z.describe(name === "from" ? "Created on or after this UTC day (YYYY-MM-DD)." : "Created on or before this UTC day (YYYY-MM-DD)."),
      ),
  );

/**
 * An amount bound in dollars as an operator types it ("100", "99.50"): at most two decimals,
 * more than zero. Parsed to integer cents with `parseAmount`, so the server compares cents.
 */
export const amountParam = (name: "min" | "max") =>
  z.pipe(
    z.optional(
      z.string(`${name} must be an amount in dollars, like 100 or 99.50.`).check(
        z.refine((text) => parseAmount(text).ok, `${name} must be an amount in dollars, like 100 or 99.50.`),
        z.describe(`${name === "min" ? "Smallest" : "Largest"} amount, in US dollars with at most two decimals (both ends included).`),
      ),
    ),
    z.transform((text) => {
      if (text === undefined) return undefined;
      const parsed = parseAmount(text);
      return parsed.ok ? parsed.cents : undefined;
    }),
  );

/** Free-text search (a reference, an e-mail, a name, an id): matched as a substring, case-insensitive. */
export const searchParam = z.optional(textField({ label: "Search text", max: 200 }));

export const formatParam = z.optional(z.enum(["json", "csv"], "format must be json or csv."));

/** The pieces every list query shares; spread them into the list's own `z.object`. */
export function listQuery<S extends z.ZodMiniType>(sort: S) {
  return {
    ...cursorQueryFields,
    sort,
    q: searchParam,
    from: isoDateParam("from"),
    to: isoDateParam("to"),
    min: amountParam("min"),
    max: amountParam("max"),
    format: formatParam,
  };
}

/**
 * A range that cannot hold anything is a typing mistake to point out, not an empty page: `from`
 * on or before `to`, `min` not above `max`. Checks on a list query object (`.check(...)`).
 */
export const daysInOrder = z.refine<{ from?: string; to?: string }>((query) => !query.from || !query.to || query.from <= query.to, {
  error: "from must be on or before to.",
  path: ["to"],
});
export const amountsInOrder = z.refine<{ min?: number | bigint; max?: number | bigint }>(
  (query) => query.min === undefined || query.max === undefined || query.min <= query.max,
  { error: "min must not be more than max.", path: ["max"] },
);
export const orderedRanges = [daysInOrder, amountsInOrder] as const;

/** Matches are counted up to this many; beyond it a list says "1,000+ matching" (decision 0066). */
export const LIST_COUNT_CAP = 1_000;

/**
 * What a back-office list adds to the one list shape: `listOf(item, matchingTotal)` is
 * `{ items, nextCursor, total, totalCapped }`, `total` being the rows that match the filters, on
 * all pages (the screens' "N matching"), counted with the same conditions as the page up to
 * LIST_COUNT_CAP; `totalCapped` says there are more than that.
 */
export const matchingTotal = { total: z.number(), totalCapped: z.boolean() };

/** A back-office list's answer as the web reads it. */
export interface CountedList<T> extends ListOf<T> {
  total: number;
  totalCapped: boolean;
}
