import * as z from "zod/mini";

/**
 * The one shape of every list the API answers: a page of `items` and the
 * cursor of the page after it, null on the last one. `extras` are named summary figures a screen
 * shows beside the list (the notifications' `unread`, an admin list's `total` of matching rows).
 *
 * Paging is by keyset (server/services/paging/keyset.ts): the cursor is opaque to clients, who
 * pass it back unchanged as `?cursor=` for the next page; there are no page numbers.
 */
export function listOf<T extends z.ZodMiniType, E extends Record<string, z.ZodMiniType> = Record<never, never>>(item: T, extras?: E) {
  return z.object({
    items: z.array(item),
    /** Pass as `?cursor=` for the next page; null on the last page. */
    nextCursor: z.nullable(z.string()),
    ...(extras ?? ({} as E)),
  });
}

/** A list's answer as the web reads it. */
export interface ListOf<T> {
  items: T[];
  nextCursor: string | null;
}

export const CURSOR_MAX_LENGTH = 500;
export const LIMIT_MAX = 100;

/** `?cursor=` as the server answered it in `nextCursor`: opaque, at most 500 characters. */
export const cursorParam = z.optional(
  z
    .string("cursor must be text.")
    .check(
      z.minLength(1, "cursor must not be empty; leave it out for the first page."),
      z.maxLength(CURSOR_MAX_LENGTH, `cursor is at most ${CURSOR_MAX_LENGTH} characters.`),
      z.describe("The nextCursor of the previous page, unchanged; leave out for the first page."),
    ),
);

/** `?limit=`: how many items a page holds, 1 to 100; each list has its own default. */
export const limitParam = z.optional(
  z.coerce
    .number("limit must be a whole number.")
    .check(
      z.int("limit must be a whole number."),
      z.minimum(1, "limit is at least 1."),
      z.maximum(LIMIT_MAX, `limit is at most ${LIMIT_MAX}.`),
      z.describe(`Items per page, 1 to ${LIMIT_MAX}.`),
    ),
);

/** `?cursor=&limit=` of any list; spread into the list's own `z.object`. */
export const cursorQueryFields = { cursor: cursorParam, limit: limitParam };

/** The query of a list that takes nothing but its page. */
export const cursorQuery = z.object(cursorQueryFields);

/** A bounded list (the plans, the latest deposits) answers in the one shape, on one page. */
export const onePage = <T>(items: T[]): ListOf<T> => ({ items, nextCursor: null });
