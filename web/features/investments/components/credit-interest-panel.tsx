import { useId, useState, type FormEvent } from "react";
import { userActionSchema } from "#shared/schemas/admin-users.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { ApiError } from "#web/lib/api.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useCreditInterest } from "../api/admin-interest.js";

/** The reference's messages: the server's sentence on success, "User not found." or "Failed to update interest.". */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return "User not found.";
  return error instanceof ApiError && error.status === 400 ? error.message : "Failed to update interest.";
}

/**
 * Admin only, on a user's detail screen: pays what the user's matured investments are owed under
 * their own terms, with the operator's reason kept in the audit log; a second press pays nothing more.
 */
export function CreditInterestPanel({ userId }: { userId: string }) {
  const credit = useCreditInterest();
  const idempotency = useIdempotencyKey();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem("reason");
    if (credit.isPending) return;
    const parsed = userActionSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusField(field instanceof HTMLElement ? field : null);
      return;
    }
    setError(undefined);
    setOutcome(null);
    try {
      const body = { userId, reason: parsed.data.reason };
      const result = await credit.mutateAsync({ ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      setReason("");
      setOutcome({ tone: "success", text: result.message });
    } catch (caught) {
      setOutcome({ tone: "error", text: failureText(caught) });
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 sm:p-6" data-testid="credit-interest">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          Credit interest
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Pays the principal and profit of this user&apos;s matured investments now, under the terms each was made with. Nothing is paid twice.
        </p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Credit interest" className="flex flex-col gap-3">
        <TextAreaField
          label="Reason (kept in the audit log)"
          name="reason"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
        />
        <Button type="submit" disabled={credit.isPending} className="self-start">
          {credit.isPending ? "Crediting..." : "Credit interest"}
        </Button>
      </form>
      {outcome && (
        <Alert tone={outcome.tone} className="break-words">
          {outcome.text}
        </Alert>
      )}
    </section>
  );
}
