import { useRef, useState, type FormEvent } from "react";
import { rejectDepositSchema, type AdminDepositDto } from "#shared/schemas/deposits.js";
import { Button } from "#web/components/ui/button.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { useDecideDeposit } from "../api/admin-deposits.js";
import type { Outcome } from "#web/lib/outcome.js";
import { decisionFailure } from "./admin-decision.js";

/** Reject asks for a reason first (the user sees it), in place, so the operator never loses the row's context. */
export function AdminRejectForm({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecideDeposit();
  const idempotency = useIdempotencyKey();
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
    if (decide.isPending) return;
    const parsed = rejectDepositSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const body = { id: deposit.id, reason: parsed.data.reason };
    try {
      const done = await decide.mutateAsync({ kind: "reject", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      onOutcome({ tone: "success", text: `Rejected ${done.reference} from ${deposit.user.name || deposit.user.email}. Reason: ${parsed.data.reason}` });
    } catch (failure) {
      const { conflict, message, fields } = decisionFailure(failure, "The deposit could not be rejected. Try again.");
      if (conflict) return onOutcome({ tone: "error", text: message });
      setError(fields.reason ?? message);
    }
  };

  if (!open) {
    return (
      <Button ref={toggle} variant="dangerOutline" className="self-start" onClick={() => setOpen(true)}>
        Reject
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Reject ${deposit.reference}`} className="flex flex-col gap-3 rounded-lg border border-danger-600/30 bg-danger-50/50 p-4">
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
      <p className="text-xs text-slate-600">The user sees this reason.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={decide.isPending}>
          {decide.isPending ? "Rejecting..." : "Reject deposit"}
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={decide.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
