import { useState, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import { confirmDepositSchema, type AdminDepositDto } from "#shared/schemas/deposits.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useDecideDeposit } from "../api/admin-deposits.js";
import { checkAmount } from "#web/lib/amount.js";
import type { Outcome } from "#web/lib/outcome.js";
import { decisionFailure } from "./admin-decision.js";

/** Confirm: credits what arrived (the claimed amount when "Amount received" is left empty). */
export function AdminConfirmForm({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecideDeposit();
  const idempotency = useIdempotencyKey();
  const [received, setReceived] = useState("");
  const [txId, setTxId] = useState("");
  const [errors, setErrors] = useState<Partial<Record<"received" | "txId" | "form", string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    let receivedCents: number | undefined;
    if (received.trim() !== "") {
      const checked = checkAmount(received);
      if (!checked.ok) return setErrors({ received: checked.message });
      receivedCents = checked.cents;
    }
    const parsed = confirmDepositSchema.safeParse({ receivedCents, txId: txId.trim() || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors(issue?.path[0] === "txId" ? { txId: issue.message } : { received: issue?.message });
    }
    setErrors({});
    const body = { id: deposit.id, ...parsed.data };
    try {
      const done = await decide.mutateAsync({ kind: "confirm", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      const credited = formatCents(done.receivedCents ?? done.amountCents);
      onOutcome({ tone: "success", text: `Confirmed ${done.reference}: ${credited} credited to ${deposit.user.name || deposit.user.email}.` });
    } catch (error) {
      const failure = decisionFailure(error, "The deposit could not be confirmed. Try again.");
      if (failure.conflict) return onOutcome({ tone: "error", text: failure.message });
      setErrors({ received: failure.fields.receivedCents, txId: failure.fields.txId, form: failure.fields.receivedCents || failure.fields.txId ? undefined : failure.message });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Confirm ${deposit.reference}`} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Amount received"
          name="receivedCents"
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatCents(deposit.amountCents).replace("$", "")}
          value={received}
          onChange={(event) => setReceived(event.target.value)}
          error={errors.received}
          hint="Optional, in dollars. Leave empty if the claimed amount arrived."
        />
        <Field
          label="Transaction ID"
          name="txId"
          autoComplete="off"
          spellCheck={false}
          value={txId}
          onChange={(event) => setTxId(event.target.value)}
          error={errors.txId}
          hint="Optional."
        />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-danger-600">
          {errors.form}
        </p>
      )}
      <Button type="submit" disabled={decide.isPending} className="self-start">
        {decide.isPending ? "Confirming..." : "Confirm"}
      </Button>
    </form>
  );
}
