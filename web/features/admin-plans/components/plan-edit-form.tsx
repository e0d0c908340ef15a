import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { SubmitOrCancel } from "#web/components/ui/submit-or-cancel.js";
import { CheckboxField } from "#web/components/ui/checkbox-field.js";
import { Field } from "#web/components/ui/field.js";
import { ApiError } from "#web/lib/api.js";
import { focusField } from "#web/lib/focus-field.js";
import { useUpdatePlan, type AdminPlanDto, type PlanSave } from "../api/admin-plans.js";
import { formErrorsFrom, planFormValues, toPlanInput, type PlanFormErrors, type PlanFormValues } from "../plan-form.js";

interface Props {
  plan: AdminPlanDto;
  onSaved: (saved: PlanSave) => void;
  onCancel: () => void;
}

function failure(error: unknown): { errors: PlanFormErrors; message?: string } {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const errors = formErrorsFrom(error.fields);
    return { errors, message: Object.keys(errors).length === 0 ? error.message : undefined };
  }
  if (error instanceof ApiError && error.status === 404) return { errors: {}, message: "This plan no longer exists. Reload the page." };
  return { errors: {}, message: "The plan could not be saved. Try again." };
}

/** Edit one plan's terms. New investments use them; existing ones keep the terms they were made under. */
export function PlanEditForm({ plan, onSaved, onCancel }: Props) {
  const update = useUpdatePlan();
  const [values, setValues] = useState<PlanFormValues>(() => planFormValues(plan));
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [message, setMessage] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  // Opened from the plan's Edit button: start in the first field.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);
  const set = (key: keyof PlanFormValues) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const showErrors = (next: PlanFormErrors, text?: string) => {
    setErrors(next);
    setMessage(text);
    // After React has marked the fields invalid, put focus on the first one.
    requestAnimationFrame(() => focusField(form.current?.querySelector<HTMLElement>("[aria-invalid=true]")));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = toPlanInput(values);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    setMessage(undefined);
    try {
      onSaved(await update.mutateAsync({ id: plan.id, input: checked.input }));
    } catch (error) {
      const { errors: next, message: text } = failure(error);
      showErrors(next, text);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={`Edit ${plan.name}`} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" autoComplete="off" value={values.name} onChange={set("name")} error={errors.name} />
        <Field label="Minimum (USD)" name="minimum" inputMode="decimal" autoComplete="off" value={values.minimum} onChange={set("minimum")} error={errors.minimum} />
        <Field label="Rate (%)" name="rate" inputMode="decimal" autoComplete="off" value={values.rate} onChange={set("rate")} error={errors.rate} hint="Total return for the whole term, up to two decimals." />
        <Field label="Term (days)" name="termDays" inputMode="numeric" autoComplete="off" value={values.termDays} onChange={set("termDays")} error={errors.termDays} />
        <Field label="Feature 1" name="feature1" autoComplete="off" value={values.feature1} onChange={set("feature1")} error={errors.feature1} />
        <Field label="Feature 2" name="feature2" autoComplete="off" value={values.feature2} onChange={set("feature2")} error={errors.feature2} />
      </div>
      <CheckboxField name="active" checked={values.active} onChange={(checked) => setValues({ ...values, active: checked })} error={errors.active}>
        Active (open for new investments)
      </CheckboxField>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Early withdrawal</legend>
        <CheckboxField
          name="earlyWithdrawalAllowed"
          checked={values.earlyWithdrawalAllowed}
          onChange={(checked) => setValues({ ...values, earlyWithdrawalAllowed: checked })}
          error={errors.earlyWithdrawalAllowed}
        >
          Early withdrawal allowed
        </CheckboxField>
        <Field
          label="Early-withdrawal fee (%)"
          name="earlyWithdrawalFee"
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-xs"
          value={values.earlyWithdrawalFee}
          onChange={set("earlyWithdrawalFee")}
          error={errors.earlyWithdrawalFee}
          hint="Of the principal, kept when an investment is withdrawn before maturity (no profit is paid then). Up to two decimals; 0 waives it."
        />
      </fieldset>
      <p className="text-sm text-slate-700">Changes apply to new investments only. Existing investments keep the terms they were made under.</p>
      {message && <Alert tone="error">{message}</Alert>}
      <SubmitOrCancel label="Save" pendingLabel="Saving..." pending={update.isPending} onCancel={onCancel} />
    </form>
  );
}
