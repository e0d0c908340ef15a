import * as z from "zod/mini";
import { textField } from "./text.js";

export const userSearchQuery = z.object({
  q: z.optional(textField({ label: "Search text", max: 200 })),
});

/** An account as the back office lists it. */
export const userSummaryDto = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), createdAt: z.string() });
export type UserSummary = z.infer<typeof userSummaryDto>;

/** What the interest tool did: how many matured investments it paid, and the operator's sentence. */
export const creditInterestResultDto = z.object({ settled: z.number(), profitCents: z.number(), message: z.string() });
export type CreditInterestResult = z.infer<typeof creditInterestResultDto>;
