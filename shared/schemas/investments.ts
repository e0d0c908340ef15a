import * as z from "zod/mini";
import { amountCentsField } from "./money.js";
import { textField } from "./text.js";

export const createInvestmentSchema = z.object({
  planId: textField({ label: "The plan", min: 1, max: 64, messages: { required: "Choose a plan." } }),
  amountCents: amountCentsField,
});
export type CreateInvestmentInput = z.infer<typeof createInvestmentSchema>;

export const investmentDto = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  principalCents: z.number(),
  rateBasisPoints: z.number(),
  termDays: z.number(),
  /** What maturity pays on top of the principal (principal × rate, half-up). */
  profitCents: z.number(),
  startedAt: z.string(),
  maturesAt: z.string(),
  status: z.enum(["active", "matured"]),
  settledAt: z.nullable(z.string()),
  /** Whole days until maturity (0 once due). */
  daysLeft: z.number(),
  /** Profit earned so far, pro rata by the day, for display only: nothing is paid before maturity. */
  accruedProfitCents: z.number(),
});
export type InvestmentDto = z.infer<typeof investmentDto>;

const featureField = textField({ label: "A feature", min: 1, max: 80, messages: { required: "Write two features." } });

export const planInputSchema = z.object({
  name: textField({ label: "The name", min: 1, max: 60, messages: { required: "Give the plan a name." } }),
  minimumCents: amountCentsField,
  rateBasisPoints: z.number().check(z.int("The rate must be whole basis points."), z.minimum(1, "The rate must be above 0%."), z.maximum(100_000, "The rate must be at most 1,000%.")),
  termDays: z.number().check(z.int("The term must be whole days."), z.minimum(1, "The term must be at least one day."), z.maximum(3650, "The term must be at most 3,650 days.")),
  features: z.tuple([featureField, featureField]),
  active: z.boolean(),
});
export type PlanInput = z.infer<typeof planInputSchema>;
