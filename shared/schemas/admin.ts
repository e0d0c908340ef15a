import { z } from "zod";

export const userSearchQuery = z.object({
  q: z.string().trim().max(200, "Search text must be at most 200 characters.").optional(),
});
