import { formatCents } from "#shared/money.js";
import { markPayoutPaidSchema, rejectPayoutSchema, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { DecisionForm, type ParsedDecision } from "#web/components/admin/decision-form.js";
import { RejectWithReason } from "#web/components/admin/reject-with-reason.js";
import { Alert } from "#web/components/ui/alert.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useSession } from "#web/lib/session.js";
import { useDecidePayout } from "../api/admin-payouts.js";

function parseMarkPaid(values: Record<string, string>): ParsedDecision<{ txId: string }> {
  const parsed = markPayoutPaidSchema.safeParse({ txId: values.txId ?? "" });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: { txId: parsed.error.issues[0]?.message ?? "" } };
}

/**
 * Mark paid only after the coins were sent, with the chain transaction that proves it; reject asks
 * for a reason first (the user sees it), and the held amount goes back to the user's Main Balance.
 * In automatic crypto mode a payout is approved first, which fixes the bitcoin to send (decision 0055).
 */
export function AdminPayoutDecision({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecidePayout();
  const me = useSession().user?.id;
  const { inBitcoin } = useBootstrap().site.payouts;
  const amount = formatCents(payout.amountCents);
  const bitcoin = payout.amountBtc ? ` (${payout.amountBtc} BTC)` : "";
  const who = payout.user.name || payout.user.email;
  const reject = {
    label: `Reject: ${amount} to ${who}`,
    hint: "The user sees this reason. The held amount returns to their Main Balance.",
    submitLabel: "Reject payout",
    schema: rejectPayoutSchema,
    fallback: "The payout could not be rejected. Try again.",
    send: async ({ reason }: { reason: string }, idempotencyKey: string) => {
      await decide.mutateAsync({ kind: "reject", id: payout.id, reason, idempotencyKey });
      return `Rejected the payout of ${amount} to ${who}; the amount is back in their Main Balance. Reason: ${reason}`;
    },
  };

  // Four eyes: a large payout is approved first, by one admin, and marked paid by another. In
  // automatic crypto mode approving also fixes the rate, so every payout is approved before it is paid.
  const fourEyes = payout.needsApproval && !payout.approvedBy;
  if (fourEyes || (inBitcoin && payout.amountBtc === null)) {
    const explain = fourEyes
      ? `This payout needs a second admin: approve it only after checking it. Another admin then sends the coins and marks it paid.${inBitcoin ? " Approving fixes its bitcoin rate." : ""}`
      : "Approve this payout to fix its bitcoin rate, then send exactly the bitcoin shown and mark it paid.";
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="info">{explain}</Alert>
        <DecisionForm
          onOutcome={onOutcome}
          approve={{
            label: `Approve: ${amount} to ${who}`,
            submitLabel: fourEyes ? "Approve payout" : "Approve and fix rate",
            pendingLabel: "Approving...",
            fields: [],
            parse: () => ({ ok: true, body: {} }),
            fallback: "The payout could not be approved. Try again.",
            send: async (_body, idempotencyKey) => {
              const approved = await decide.mutateAsync({ kind: "approve", id: payout.id, idempotencyKey });
              const fixed = approved.amountBtc ? ` Its rate is fixed: ${approved.amountBtc} BTC.` : "";
              return `Approved the payout of ${amount} to ${who}.${fixed} ${fourEyes ? "Another admin must now send it and mark it paid." : "Send it, then mark it paid."}`;
            },
          }}
          reject={reject}
        />
      </div>
    );
  }
  if (payout.needsApproval && payout.approvedBy?.id === me) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="info">You approved this payout, so another admin must send it and mark it paid. You can still reject it.</Alert>
        <RejectWithReason step={reject} onOutcome={onOutcome} />
      </div>
    );
  }
  return (
    <DecisionForm
      onOutcome={onOutcome}
      approve={{
        label: `Mark paid: ${amount}${bitcoin} to ${who}`,
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
            hint: payout.amountBtc ? `Required: the transaction that sent exactly ${payout.amountBtc} BTC. The user sees it.` : "Required: the transaction that sent the coins. The user sees it.",
          },
        ],
        parse: parseMarkPaid,
        fallback: "The payout could not be marked paid. Try again.",
        send: async ({ txId }, idempotencyKey) => {
          await decide.mutateAsync({ kind: "mark-paid", id: payout.id, txId, idempotencyKey });
          return `Marked paid: ${amount}${bitcoin} to ${who} (transaction ${txId}).`;
        },
      }}
      reject={reject}
    />
  );
}
