import * as z from "zod/mini";

/** `?page=&pageSize=` of any paged list: whole numbers, pages from 1, at most 100 rows a page. */
export const pageQueryFields = {
  page: z.optional(z.coerce.number().check(z.int("page must be a whole number."), z.minimum(1, "page starts at 1."), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int("pageSize must be a whole number."), z.minimum(1, "pageSize is at least 1."), z.maximum(100, "pageSize is at most 100."))),
};
