import * as z from "zod/mini";
import { amountCentsField } from "./money.js";
import { textField } from "./text.js";

/** What happens at maturity, chosen when investing and changeable until a day before (docs/product.md, "Maturity"). */
export const MATURITY_INSTRUCTIONS = ["payout", "rollover_principal", "rollover_all"] as const;
export type MaturityInstruction = (typeof MATURITY_INSTRUCTIONS)[number];

/** One plain sentence for each instruction: the invest dialog, the investment card and the reminders say these. */
export const MATURITY_INSTRUCTION_WORDS: Record<MaturityInstruction, { label: string; sentence: string }> = {
  payout: { label: "Pay out", sentence: "At maturity, the principal and the profit go to your Main Balance." },
  rollover_principal: {
    label: "Roll over the principal",
    sentence: "At maturity, the profit goes to your Main Balance and the principal starts a new investment in the same plan.",
  },
  rollover_all: { label: "Roll over principal and profit", sentence: "At maturity, the principal and the profit together start a new investment in the same plan." },
};

/** The instruction can no longer be changed this close to maturity: settlement may already have it. */
export const INSTRUCTION_LOCK_HOURS = 24;

export const maturityInstructionField = z.enum(MATURITY_INSTRUCTIONS, { error: "Choose what happens at maturity." });

export const createInvestmentSchema = z.object({
  planId: textField({ label: "The plan", min: 1, max: 64, messages: { required: "Choose a plan." } }),
  amountCents: amountCentsField,
  maturityInstruction: z._default(maturityInstructionField, "payout"),
});
/** As a client sends it: the instruction may be left out (pay out). */
export type CreateInvestmentInput = z.input<typeof createInvestmentSchema>;

export const updateInvestmentSchema = z.object({ maturityInstruction: maturityInstructionField });
export type UpdateInvestmentInput = z.infer<typeof updateInvestmentSchema>;

/**
 * The largest single investment, $10 billion: far above any real one, and far below where the
 * ledger's integer arithmetic (principal × rate in 64 bits, cents exact in JSON) would stop being
 * exact. A rollover that would pass it pays out instead (settle_due_investments.sql spells the
 * same number).
 */
export const INVESTMENT_MAX_CENTS = 1_000_000_000_000;

/** Why a rollover was paid out instead: the investor is told in these words. */
export const ROLLOVER_REFUSALS = {
  plan_closed: "the plan no longer takes new investments",
  plan_terms_changed: "the plan's terms changed since you invested",
  below_minimum: "the amount is below the plan's minimum",
  no_profit: "it earned no profit to roll over",
  above_maximum: "the amount is above the largest single investment ($10,000,000,000.00)",
} as const;
export type RolloverRefusal = keyof typeof ROLLOVER_REFUSALS;

export const INVESTMENT_STATUSES = ["active", "matured", "rolled_over", "withdrawn_early"] as const;

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
  /** active; matured (paid out); rolled_over (a new investment continues it); withdrawn_early. */
  status: z.enum(INVESTMENT_STATUSES),
  settledAt: z.nullable(z.string()),
  maturityInstruction: maturityInstructionField,
  /** Until when the instruction can be changed (24 hours before maturity); null once it cannot. */
  instructionChangeableUntil: z.nullable(z.string()),
  /** The investment this one continues, for a rollover. */
  rolledOverFrom: z.nullable(z.string()),
  /** The investment that continues this one, once rolled over. */
  rolledOverTo: z.nullable(z.string()),
  /** Why a rollover was paid out instead, in words; null otherwise. */
  rolloverRefusal: z.nullable(z.string()),
  /** Early withdrawal terms, fixed when the investment started. */
  earlyWithdrawalAllowed: z.boolean(),
  earlyWithdrawalFeeBasisPoints: z.number(),
  /** The fee kept when this investment was withdrawn early; null otherwise. */
  earlyWithdrawalFeeCents: z.nullable(z.number()),
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
  earlyWithdrawalAllowed: z.boolean(),
  earlyWithdrawalFeeBasisPoints: z
    .number()
    .check(z.int("The fee must be whole basis points."), z.minimum(0, "The fee cannot be negative."), z.maximum(10_000, "The fee must be at most 100%.")),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** What withdrawing an investment early would pay now: the principal less the fee, no profit. */
export const earlyWithdrawalPreviewDto = z.object({
  investmentId: z.string(),
  principalCents: z.number(),
  feeBasisPoints: z.number(),
  feeCents: z.number(),
  payoutCents: z.number(),
  /** The profit maturity would have paid, which an early withdrawal gives up. */
  forgoneProfitCents: z.number(),
  maturesAt: z.string(),
});
export type EarlyWithdrawalPreviewDto = z.infer<typeof earlyWithdrawalPreviewDto>;

export const earlyWithdrawalDto = z.object({
  investment: investmentDto,
  feeCents: z.number(),
  payoutCents: z.number(),
});
export type EarlyWithdrawalDto = z.infer<typeof earlyWithdrawalDto>;
