import * as z from "zod/mini";

/** What the interest tool did: how many matured investments it paid, and the operator's sentence. */
export const creditInterestResultDto = z.object({ settled: z.number(), profitCents: z.number(), message: z.string() });
export type CreditInterestResult = z.infer<typeof creditInterestResultDto>;
