import { formatCents, parseAmount } from "#shared/money.js";
import { fieldMessages } from "#shared/schemas/field-messages.js";
import { planInputSchema, type PlanInput } from "#shared/schemas/investments.js";
import type { AdminPlanDto } from "./api/admin-plans.js";
import { parseRatePercent, rateInputValue } from "./rate.js";

export interface PlanFormValues {
  name: string;
  minimum: string;
  rate: string;
  termDays: string;
  feature1: string;
  feature2: string;
  active: boolean;
  earlyWithdrawalAllowed: boolean;
  /** The early-withdrawal fee in percent of the principal, as typed. */
  earlyWithdrawalFee: string;
}

export type PlanFormField = keyof PlanFormValues;
export type PlanFormErrors = Partial<Record<PlanFormField, string>>;

export function planFormValues(plan: AdminPlanDto): PlanFormValues {
  return {
    name: plan.name,
    minimum: formatCents(plan.minimumCents).slice(1),
    rate: rateInputValue(plan.rateBasisPoints),
    termDays: String(plan.termDays),
    feature1: plan.features[0] ?? "",
    feature2: plan.features[1] ?? "",
    active: plan.active,
    earlyWithdrawalAllowed: plan.earlyWithdrawalAllowed,
    earlyWithdrawalFee: rateInputValue(plan.earlyWithdrawalFeeBasisPoints),
  };
}

/** The API's field names (zod paths) → the form's. */
const FIELD_OF: Record<string, PlanFormField> = {
  "name": "name",
  "minimumCents": "minimum",
  "rateBasisPoints": "rate",
  "termDays": "termDays",
  "features": "feature1",
  "features.0": "feature1",
  "features.1": "feature2",
  "active": "active",
  "earlyWithdrawalAllowed": "earlyWithdrawalAllowed",
  "earlyWithdrawalFeeBasisPoints": "earlyWithdrawalFee",
};

export function formErrorsFrom(fields: Record<string, string> | undefined): PlanFormErrors {
  const errors: PlanFormErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[path];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

const AMOUNT_REASONS = {
  "invalid": "Enter the minimum in dollars, for example 1000 or 1000.50.",
  "not-positive": "The minimum must be more than zero.",
  "too-precise": "Use at most two decimal places.",
} as const;

/** The form's text → the body for PUT /api/admin/plans/:id, or a message per field (the server checks the same rules again). */
export function toPlanInput(values: PlanFormValues): { ok: true; input: PlanInput } | { ok: false; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const minimum = parseAmount(values.minimum);
  if (!minimum.ok) errors.minimum = AMOUNT_REASONS[minimum.reason];
  else if (minimum.cents > BigInt(Number.MAX_SAFE_INTEGER)) errors.minimum = "That amount is too large.";
  const rate = parseRatePercent(values.rate);
  if (!rate.ok) errors.rate = rate.message;
  const fee = parseRatePercent(values.earlyWithdrawalFee, { noun: "fee" });
  if (!fee.ok) errors.earlyWithdrawalFee = fee.message;
  const term = values.termDays.trim();
  if (!/^\d{1,6}$/.test(term)) errors.termDays = "Enter the term in whole days.";

  const parsed = planInputSchema.safeParse({
    name: values.name,
    minimumCents: minimum.ok ? Number(minimum.cents) : 1,
    rateBasisPoints: rate.ok ? rate.basisPoints : 1,
    termDays: /^\d{1,6}$/.test(term) ? Number.parseInt(term, 10) : 1,
    features: [values.feature1, values.feature2],
    active: values.active,
    earlyWithdrawalAllowed: values.earlyWithdrawalAllowed,
    earlyWithdrawalFeeBasisPoints: fee.ok ? fee.basisPoints : 0,
  });
  if (!parsed.success) {
    // The form's own checks above come first; the schema's messages fill the fields they left.
    for (const [field, message] of Object.entries(formErrorsFrom(fieldMessages(parsed.error.issues)))) errors[field as PlanFormField] ??= message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
