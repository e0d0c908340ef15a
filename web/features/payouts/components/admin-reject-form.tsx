import { formatCents } from "#shared/money.js";
import { rejectPayoutSchema, type AdminPayoutDto } from "#shared/schemas/payouts.js";
import { RejectWithReason } from "#web/components/admin/reject-with-reason.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecidePayout } from "../api/admin-payouts.js";

/** Reject asks for a reason first (the user sees it); the held amount goes back to the user's Main Balance. */
export function AdminRejectPayoutForm({ payout, onOutcome }: { payout: AdminPayoutDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecidePayout();
  const idempotency = useIdempotencyKey();
  const who = payout.user.name || payout.user.email;

  const reject = async (reason: string) => {
    const body = { id: payout.id, reason };
    try {
      await decide.mutateAsync({ kind: "reject", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      onOutcome({ tone: "success", text: `Rejected the payout of ${formatCents(payout.amountCents)} to ${who}; the amount is back in their Main Balance. Reason: ${reason}` });
      return undefined;
    } catch (failure) {
      const { conflict, message, fields } = moneyOutFailure(failure, { reason: "reason" }, "The payout could not be rejected. Try again.");
      if (conflict) return void onOutcome({ tone: "error", text: message });
      return fields.reason ?? message;
    }
  };

  return (
    <RejectWithReason
      label={`Reject: ${formatCents(payout.amountCents)} to ${who}`}
      hint="The user sees this reason. The held amount returns to their Main Balance."
      submitLabel="Reject payout"
      pending={decide.isPending}
      schema={rejectPayoutSchema}
      onReject={reject}
    />
  );
}
