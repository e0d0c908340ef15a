import * as z from "zod/mini";

/** What the API sends for a plan; amounts are integer cents, like every amount in the API. */
export const planDto = z.object({
  id: z.string(),
  name: z.string(),
  minimumCents: z.number(),
  rateBasisPoints: z.number(),
  termDays: z.number(),
  features: z.array(z.string()),
  /** Whether an investment in this plan can be withdrawn before maturity, and the fee (of the principal) if so. */
  earlyWithdrawalAllowed: z.boolean(),
  earlyWithdrawalFeeBasisPoints: z.number(),
});

/** A plan as the operator edits it: open for new investments or not. */
export const adminPlanDto = z.extend(planDto, { active: z.boolean() });
export type AdminPlanDto = z.infer<typeof adminPlanDto>;
