import { rejectDepositSchema, type AdminDepositDto } from "#shared/schemas/deposits.js";
import { RejectWithReason } from "#web/components/admin/reject-with-reason.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecideDeposit } from "../api/admin-deposits.js";
import { decisionFailure } from "./admin-decision.js";

/** Reject asks for a reason first (the user sees it); a rejected deposit was never money. */
export function AdminRejectForm({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecideDeposit();
  const idempotency = useIdempotencyKey();

  const reject = async (reason: string) => {
    const body = { id: deposit.id, reason };
    try {
      const done = await decide.mutateAsync({ kind: "reject", ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      onOutcome({ tone: "success", text: `Rejected ${done.reference} from ${deposit.user.name || deposit.user.email}. Reason: ${reason}` });
      return undefined;
    } catch (failure) {
      const { conflict, message, fields } = decisionFailure(failure, "The deposit could not be rejected. Try again.");
      if (conflict) return void onOutcome({ tone: "error", text: message });
      return fields.reason ?? message;
    }
  };

  return (
    <RejectWithReason
      label={`Reject ${deposit.reference}`}
      hint="The user sees this reason."
      submitLabel="Reject deposit"
      pending={decide.isPending}
      schema={rejectDepositSchema}
      onReject={reject}
    />
  );
}
