import { formatCents } from "#shared/money.js";
import { markPayoutPaidSchema, rejectPayoutSchema, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { DecisionForm, type ParsedDecision } from "#web/components/admin/decision-form.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecidePayout } from "../api/admin-payouts.js";

function parseMarkPaid(values: Record<string, string>): ParsedDecision<{ txId: string }> {
  const parsed = markPayoutPaidSchema.safeParse({ txId: values.txId ?? "" });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: { txId: parsed.error.issues[0]?.message ?? "" } };
}

/**
 * Mark paid only after the coins were sent, with the chain transaction that proves it; reject asks
 * for a reason first (the user sees it), and the held amount goes back to the user's Main Balance.
 */
export function AdminPayoutDecision({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecidePayout();
  const amount = formatCents(payout.amountCents);
  const who = payout.user.name || payout.user.email;
  return (
    <DecisionForm
      onOutcome={onOutcome}
      approve={{
        label: `Mark paid: ${amount} to ${who}`,
        submitLabel: "Mark paid",
        pendingLabel: "Saving...",
        fields: [
          {
            name: "txId",
            label: "Transaction ID",
            autoCapitalize: "none",
            spellCheck: false,
            required: true,
            maxLength: 128,
            mono: true,
            hint: "Required: the transaction that sent the coins. The user sees it.",
          },
        ],
        parse: parseMarkPaid,
        fallback: "The payout could not be marked paid. Try again.",
        send: async ({ txId }, idempotencyKey) => {
          await decide.mutateAsync({ kind: "mark-paid", id: payout.id, txId, idempotencyKey });
          return `Marked paid: ${amount} to ${who} (transaction ${txId}).`;
        },
      }}
      reject={{
        label: `Reject: ${amount} to ${who}`,
        hint: "The user sees this reason. The held amount returns to their Main Balance.",
        submitLabel: "Reject payout",
        schema: rejectPayoutSchema,
        fallback: "The payout could not be rejected. Try again.",
        send: async ({ reason }, idempotencyKey) => {
          await decide.mutateAsync({ kind: "reject", id: payout.id, reason, idempotencyKey });
          return `Rejected the payout of ${amount} to ${who}; the amount is back in their Main Balance. Reason: ${reason}`;
        },
      }}
    />
  );
}
