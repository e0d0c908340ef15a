import { useRef, useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import { Button } from "#web/components/ui/button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecision, type DecisionStep } from "./use-decision.js";

export interface RejectStep extends DecisionStep<{ reason: string }> {
  /** Names the item for screen readers ("Reject TV-1234ABCD"). */
  label: string;
  /** Under the field: who sees the reason and what happens to the money. */
  hint: string;
  submitLabel: string;
  /** The shared schema of the reject request ({ reason }), so the form says what the server would. */
  schema: z.ZodMiniType<{ reason: string }>;
}

/**
 * The back office's reject step for any queue: a Reject button that opens, in place, a required
 * reason (the user sees it) with Cancel, so the operator never loses the row's context.
 */
export function RejectWithReason({ step, onOutcome }: { step: RejectStep; onOutcome: (outcome: Outcome) => void }) {
  const { label, hint, submitLabel, schema } = step;
  const { decide, pending } = useDecision(step, ["reason"], onOutcome);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
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
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const refusal = await decide({ reason: parsed.data.reason });
    // The reason field is the form's only field: a refusal of any kind is said under it.
    if (refusal) setError(refusal.fields.reason ?? (refusal.message || undefined));
  };

  if (!open) {
    return (
      <Button ref={toggle} variant="dangerOutline" className="self-start" onClick={() => setOpen(true)}>
        Reject
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-3 rounded-lg border border-danger-600/30 bg-danger-50/50 p-4">
      <TextAreaField
        label="Reason for rejection"
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
