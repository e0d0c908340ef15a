import * as z from "zod/mini";
import { parseAmount } from "../money.js";
import { textField } from "./text.js";

/**
 * The query pieces every back-office list takes (docs/decisions/0032): one page of a filtered,
 * sorted list, or the whole of it as CSV. Each list builds its own query from these with
 * `z.object({ ...listQuery(sortParam([...])), status: ..., })`, so the names, limits and words are
 * the same on every screen, and the web client keeps the same names in the URL.
 */

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

export const pageParam = z._default(
  z.coerce.number("page must be a whole number.").check(z.int("page must be a whole number."), z.minimum(1, "page starts at 1."), z.maximum(100_000, "page is at most 100000.")),
  1,
);

export const pageSizeParam = z._default(
  z.coerce
    .number("pageSize must be a whole number.")
    .check(z.int("pageSize must be a whole number."), z.minimum(1, "pageSize is at least 1."), z.maximum(PAGE_SIZE_MAX, `pageSize is at most ${PAGE_SIZE_MAX}.`)),
  PAGE_SIZE_DEFAULT,
);

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
    page: pageParam,
    pageSize: pageSizeParam,
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

/** The answer of every list: one page of items and the count of all that match, for the pager. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The number of pages a list of `total` rows fills (at least one, so "Page 1 of 1" when empty). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
