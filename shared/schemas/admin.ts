import * as z from "zod/mini";
import { textField } from "./text.js";

export const userSearchQuery = z.object({
  q: z.optional(textField({ label: "Search text", max: 200 })),
});
