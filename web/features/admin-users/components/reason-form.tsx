import { useState, type FormEvent } from "react";
import { userActionSchema } from "#shared/schemas/admin-users.js";
import { Button } from "#web/components/ui/button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { ApiError } from "#web/lib/api.js";
import type { Outcome } from "#web/lib/outcome.js";

export interface ReasonFormProps {
  /** Names the form for screen readers ("Ban ada@example.com"). */
  label: string;
  submitLabel: string;
  /** What happens, said under the field. */
  hint: string;
  danger?: boolean;
  /** Sends the action; resolves to the sentence that reports it. */
  send(reason: string): Promise<string>;
  onOutcome(outcome: Outcome): void;
  onCancel(): void;
}

/**
 * Every action on an account asks for the operator's reason (kept in the audit log) before it is
 * sent. A refusal with a field message stays under the field; any other answer is the outcome.
 */
export function ReasonForm({ label, submitLabel, hint, danger, send, onOutcome, onCancel }: ReasonFormProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = userActionSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setPending(true);
    try {
      onOutcome({ tone: "success", text: await send(parsed.data.reason) });
    } catch (caught) {
      const fieldMessage = caught instanceof ApiError ? caught.fields?.reason : undefined;
      if (fieldMessage) setError(fieldMessage);
      else onOutcome({ tone: "error", text: caught instanceof ApiError ? caught.message : "That did not work. Try again." });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <TextAreaField label="Reason (kept in the audit log)" name="reason" rows={2} autoFocus maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} error={error} />
      <p className="text-xs text-slate-600">{hint}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
          {pending ? "Sending..." : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
