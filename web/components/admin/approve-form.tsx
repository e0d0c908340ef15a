import { useState, type FormEvent, type InputHTMLAttributes } from "react";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecision, type DecisionStep } from "./use-decision.js";

/** One input of the approve step; `name` is the API's name for it, so the server's refusals land on it. */
export interface DecisionField extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange" | "defaultValue"> {
  name: string;
  label: string;
  hint: string;
  /** Transaction ids and addresses: monospaced, so look-alike characters can be told apart. */
  mono?: boolean;
}

export type ParsedDecision<B> = { ok: true; body: B } | { ok: false; errors: Record<string, string> };

export interface ApproveStep<B> extends DecisionStep<B> {
  /** Names the form for screen readers ("Confirm TV-1234ABCD"). */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  fields: DecisionField[];
  /** Turns what was typed into the request body with the shared schema, or says which field is wrong. */
  parse(values: Record<string, string>): ParsedDecision<B>;
}

/** The decision that lets the money move (confirm a deposit, mark a payout paid): a few fields and one button. */
export function ApproveForm<B>({ step, onOutcome }: { step: ApproveStep<B>; onOutcome: (outcome: Outcome) => void }) {
  const { decide, pending } = useDecision(step, step.fields.map((field) => field.name), onOutcome);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = step.parse(Object.fromEntries(step.fields.map((field) => [field.name, values[field.name] ?? ""])));
    setFormError(undefined);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    const refusal = await decide(parsed.body);
    if (!refusal) return;
    setErrors(refusal.fields);
    // A sentence that names none of the fields belongs to the whole form.
    if (Object.keys(refusal.fields).length === 0) setFormError(refusal.message || undefined);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={step.label} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {step.fields.map(({ name, label, hint, mono, className, ...input }) => (
          <Field
            key={name}
            label={label}
            name={name}
            autoComplete="off"
            {...input}
            className={cn("sm:flex-1", mono && "[&_input]:font-mono", className)}
            value={values[name] ?? ""}
            onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
            error={errors[name]}
            hint={hint}
          />
        ))}
        <Button type="submit" disabled={pending} className="self-start sm:mt-7">
          {pending ? step.pendingLabel : step.submitLabel}
        </Button>
      </div>
      {formError && (
        <p role="alert" className="text-sm text-danger-600">
          {formError}
        </p>
      )}
    </form>
  );
}
