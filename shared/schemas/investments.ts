import * as z from "zod/mini";
import { amountCentsField } from "./money.js";

export const createInvestmentSchema = z.object({
  planId: z.string().check(z.trim(), z.minLength(1, "Choose a plan."), z.maxLength(64)),
  amountCents: amountCentsField,
});
export type CreateInvestmentInput = z.infer<typeof createInvestmentSchema>;

export interface InvestmentDto {
  id: string;
  planId: string;
  planName: string;
  principalCents: number;
  rateBasisPoints: number;
  termDays: number;
  /** What maturity pays on top of the principal (principal × rate, half-up). */
  profitCents: number;
  startedAt: string;
  maturesAt: string;
  status: "active" | "matured";
  settledAt: string | null;
  /** Whole days until maturity (0 once due). */
  daysLeft: number;
  /** Profit earned so far, pro rata by the day, for display only: nothing is paid before maturity. */
  accruedProfitCents: number;
}

export const planInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Give the plan a name."), z.maxLength(60, "The name must be at most 60 characters.")),
  minimumCents: amountCentsField,
  rateBasisPoints: z.number().check(z.int("The rate must be whole basis points."), z.minimum(1, "The rate must be above 0%."), z.maximum(100_000, "The rate must be at most 1,000%.")),
  termDays: z.number().check(z.int("The term must be whole days."), z.minimum(1, "The term must be at least one day."), z.maximum(3650, "The term must be at most 3,650 days.")),
  features: z.tuple([
    z.string().check(z.trim(), z.minLength(1, "Write two features."), z.maxLength(80, "A feature must be at most 80 characters.")),
    z.string().check(z.trim(), z.minLength(1, "Write two features."), z.maxLength(80, "A feature must be at most 80 characters.")),
  ]),
  active: z.boolean(),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export const creditInterestSchema = z.object({
  userId: z.string().check(z.trim(), z.minLength(1, "Enter a user id."), z.maxLength(64)),
});
