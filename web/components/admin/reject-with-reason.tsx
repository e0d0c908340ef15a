import { useRef, useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { cn } from "#web/lib/cn.js";
import type { Outcome } from "#web/lib/outcome.js";
import type { DecisionField } from "./approve-form.js";
import { useDecision, type DecisionStep } from "./use-decision.js";

/** The reject request: the reason, and the optional fields a queue adds (`extraFields`). */
export type RejectBody = { reason: string } & Record<string, string | undefined>;

export interface RejectStep extends DecisionStep<RejectBody> {
  /** Names the item for screen readers ("Reject TV-1234ABCD"). */
  label: string;
  /** Under the field: who sees the reason and what happens to the money. */
  hint: string;
  submitLabel: string;
  /** The shared schema of the reject request ({ reason, …extraFields }), so the form says what the server would. */
  schema: z.ZodMiniType<RejectBody>;
  /** The button that opens the form (default "Reject") and the reason's label (default "Reason for rejection"). */
  openLabel?: string;
  reasonLabel?: string;
  /** Optional inputs under the reason (a refund's transaction id), named as the request names them; empty ones are left out. */
  extraFields?: DecisionField[];
}

/**
 * The back office's reject step for any queue: a Reject button that opens, in place, a required
 * reason (the user sees it) with Cancel, so the operator never loses the row's context.
 */
export function RejectWithReason({ step, onOutcome }: { step: RejectStep; onOutcome: (outcome: Outcome) => void }) {
  const { label, hint, submitLabel, schema, extraFields = [], openLabel = "Reject", reasonLabel = "Reason for rejection" } = step;
  const { decide, pending } = useDecision(step, ["reason", ...extraFields.map((field) => field.name)], onOutcome);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [extras, setExtras] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [extraErrors, setExtraErrors] = useState<Record<string, string>>({});
  const toggle = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    setOpen(false);
    setError(undefined);
    // Back to the button that opened the form, so keyboard users keep their place.
    requestAnimationFrame(() => toggle.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const filled = Object.fromEntries(extraFields.flatMap(({ name }) => (extras[name]?.trim() ? [[name, extras[name].trim()]] : [])));
    const parsed = schema.safeParse({ reason, ...filled });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "reason");
      setError(field === "reason" ? issue?.message : undefined);
      return setExtraErrors(field === "reason" ? {} : { [field]: issue?.message ?? "" });
    }
    setError(undefined);
    setExtraErrors({});
    const refusal = await decide(parsed.data);
    if (!refusal) return;
    // A refusal that names no other field is said under the reason.
    const { reason: reasonError, ...others } = refusal.fields;
    setExtraErrors(others);
    setError(reasonError ?? (Object.keys(others).length === 0 ? refusal.message || undefined : undefined));
  };

  if (!open) {
    return (
      <Button ref={toggle} variant="dangerOutline" className="self-start" onClick={() => setOpen(true)}>
        {openLabel}
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-3 rounded-lg border border-danger-600/30 bg-danger-50/50 p-4">
      <TextAreaField
        label={reasonLabel}
        name="reason"
        required
        rows={3}
        autoFocus
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <p className="text-xs text-slate-600">{hint}</p>
      {extraFields.map(({ name, label: fieldLabel, hint: fieldHint, mono, className, ...input }) => (
        <Field
          key={name}
          label={fieldLabel}
          name={name}
          autoComplete="off"
          {...input}
          className={cn(mono && "[&_input]:font-mono", className)}
          value={extras[name] ?? ""}
          onChange={(event) => setExtras((old) => ({ ...old, [name]: event.target.value }))}
          error={extraErrors[name]}
          hint={fieldHint}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Rejecting..." : submitLabel}
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
