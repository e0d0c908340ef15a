import { useState, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import { markPayoutPaidSchema, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useDecidePayout } from "../api/admin-payouts.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import type { Outcome } from "#web/lib/outcome.js";

/** Mark paid: only after the coins were sent, with the chain transaction that proves it. */
export function AdminMarkPaidForm({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecidePayout();
  const idempotency = useIdempotencyKey();
  const [txId, setTxId] = useState("");
  const [error, setError] = useState<string>();
  const who = payout.user.name || payout.user.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const parsed = markPayoutPaidSchema.safeParse({ txId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const body = { id: payout.id, txId: parsed.data.txId };
    try {
      await decide.mutateAsync({ kind: "mark-paid", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      onOutcome({ tone: "success", text: `Marked paid: ${formatCents(payout.amountCents)} to ${who} (transaction ${parsed.data.txId}).` });
    } catch (failure) {
      const { conflict, message, fields } = moneyOutFailure(failure, { txId: "txId" }, "The payout could not be marked paid. Try again.");
      if (conflict) return onOutcome({ tone: "error", text: message });
      setError(fields.txId ?? message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Mark paid: ${formatCents(payout.amountCents)} to ${who}`} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label="Transaction ID"
        name="txId"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={128}
        className="flex-1 [&_input]:font-mono"
        value={txId}
        onChange={(event) => setTxId(event.target.value)}
        error={error}
        hint="Required: the transaction that sent the coins. The user sees it."
      />
      <Button type="submit" disabled={decide.isPending} className="self-start sm:mt-7">
        {decide.isPending ? "Saving..." : "Mark paid"}
      </Button>
    </form>
  );
}
