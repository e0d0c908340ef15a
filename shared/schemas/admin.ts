import * as z from "zod/mini";

export const userSearchQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, "Search text must be at most 200 characters."))),
});
