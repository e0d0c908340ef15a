import { useRef, useState, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import { rejectPayoutSchema, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { Button } from "#web/components/ui/button.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { useDecidePayout } from "../api/admin-payouts.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import type { Outcome } from "#web/lib/outcome.js";

/** Reject asks for a reason first (the user sees it); the held amount goes back to the user's Main Balance. */
export function AdminRejectPayoutForm({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecidePayout();
  const idempotency = useIdempotencyKey();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const toggle = useRef<HTMLButtonElement>(null);
  const who = payout.user.name || payout.user.email;

  const cancel = () => {
    setOpen(false);
    setError(undefined);
    // Back to the button that opened the form, so keyboard users keep their place.
    requestAnimationFrame(() => toggle.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const parsed = rejectPayoutSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const body = { id: payout.id, reason: parsed.data.reason };
    try {
      await decide.mutateAsync({ kind: "reject", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      onOutcome({ tone: "success", text: `Rejected the payout of ${formatCents(payout.amountCents)} to ${who}; the amount is back in their Main Balance. Reason: ${parsed.data.reason}` });
    } catch (failure) {
      const { conflict, message, fields } = moneyOutFailure(failure, { reason: "reason" }, "The payout could not be rejected. Try again.");
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
    <form onSubmit={submit} noValidate aria-label={`Reject: ${formatCents(payout.amountCents)} to ${who}`} className="flex flex-col gap-3 rounded-lg border border-danger-600/30 bg-danger-50/50 p-4">
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
      <p className="text-xs text-slate-600">The user sees this reason. The held amount returns to their Main Balance.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={decide.isPending}>
          {decide.isPending ? "Rejecting..." : "Reject payout"}
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={decide.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
