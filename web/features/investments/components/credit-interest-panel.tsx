import { useId, useRef, useState, type FormEvent } from "react";
import { creditInterestSchema } from "#shared/schemas/investments.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { ApiError } from "#web/lib/api.js";
import { focusField } from "#web/lib/focus-field.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useCreditInterest } from "../api/admin-interest.js";
import { UserLookup } from "./user-lookup.js";


/** The reference's messages: the server's sentence on success, "User not found." or "Failed to update interest.". */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? "User not found." : "Failed to update interest.";
}

/** Admin only: pays what a user's matured investments are owed under their own terms; a second press pays nothing more. */
export function CreditInterestPanel() {
  const credit = useCreditInterest();
  const [userId, setUserId] = useState("");
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (credit.isPending) return;
    const parsed = creditInterestSchema.safeParse({ userId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusField(input.current);
      return;
    }
    setError(undefined);
    setOutcome(null);
    try {
      const result = await credit.mutateAsync(parsed.data.userId);
      setOutcome({ tone: "success", text: result.message });
    } catch (caught) {
      setOutcome({ tone: "error", text: failureText(caught) });
    }
  };

  const pick = (id: string) => {
    setUserId(id);
    setOutcome(null);
    input.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-5 sm:p-6" data-testid="credit-interest">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          Credit interest
        </h2>
        <p className="mt-1 text-sm text-slate-700">Pays the principal and profit of a user&apos;s matured investments, under the terms each was made with. Nothing is paid twice.</p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Credit interest" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          ref={input}
          label="User ID"
          name="userId"
          autoComplete="off"
          spellCheck={false}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          error={error}
          className="flex-1"
        />
        <Button type="submit" disabled={credit.isPending} className="sm:mt-7">
          {credit.isPending ? "Crediting..." : "Credit interest"}
        </Button>
      </form>
      {outcome && (
        <Alert tone={outcome.tone} className="break-words">
          {outcome.text}
        </Alert>
      )}
      <div className="border-t border-slate-200 pt-5">
        <UserLookup onPick={pick} />
      </div>
    </section>
  );
}
