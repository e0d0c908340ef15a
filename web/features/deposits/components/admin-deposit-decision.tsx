import { formatCents } from "#shared/money.js";
import { rejectDepositSchema, type AdminDepositDto } from "#shared/schemas/deposits.js";
import { DecisionForm } from "#web/components/admin/decision-form.js";
import { SENT_FOR_APPROVAL } from "#web/components/admin/sent-for-approval.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecideDeposit } from "../api/admin-deposits.js";
import { parseConfirmDeposit } from "../admin-decisions.js";

/**
 * Confirm credits what arrived (the claimed amount when "Amount received" is left empty); reject asks
 * for a reason first (the user sees it), and a rejected deposit was never money. More than the user
 * declared waits for a second admin (four eyes): the outcome says so, and Approvals lists it.
 */
export function AdminDepositDecision({ deposit, onOutcome }: { deposit: AdminDepositDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecideDeposit();
  const who = deposit.user.name || deposit.user.email;
  return (
    <DecisionForm
      onOutcome={onOutcome}
      approve={{
        label: `Confirm ${deposit.reference}`,
        submitLabel: "Confirm",
        pendingLabel: "Confirming...",
        fields: [
          {
            name: "receivedCents",
            label: "Amount received",
            inputMode: "decimal",
            placeholder: formatCents(deposit.amountCents).replace("$", ""),
            hint: "Optional, in dollars. Leave empty if the claimed amount arrived. More than the claim needs a second admin's approval.",
          },
          { name: "txId", label: "Transaction ID", spellCheck: false, hint: "Optional: the blockchain's or the bank's id of the payment." },
          { name: "reason", label: "Reason", maxLength: 500, hint: "Required when less than the claim arrived. The investor sees it." },
        ],
        parse: (values) => parseConfirmDeposit(values, deposit.amountCents),
        fallback: "The deposit could not be confirmed. Try again.",
        send: async (body, idempotencyKey) => {
          const done = await decide.mutateAsync({ kind: "confirm", id: deposit.id, ...body, idempotencyKey });
          if ("pendingApproval" in done) return `${SENT_FOR_APPROVAL} ${done.pendingApproval.summary}`;
          const credited = done.receivedCents ?? done.amountCents;
          return `Confirmed ${done.reference}: ${formatCents(credited)} credited to ${who}${credited === done.amountCents ? "" : `, who declared ${formatCents(done.amountCents)}`}.`;
        },
      }}
      reject={{
        label: `Reject ${deposit.reference}`,
        hint: "The user sees this reason.",
        submitLabel: "Reject deposit",
        schema: rejectDepositSchema,
        fallback: "The deposit could not be rejected. Try again.",
        send: async ({ reason }, idempotencyKey) => {
          const done = await decide.mutateAsync({ kind: "reject", id: deposit.id, reason, idempotencyKey });
          if ("pendingApproval" in done) return `${SENT_FOR_APPROVAL} ${done.pendingApproval.summary}`;
          return `Rejected ${done.reference} from ${who}. Reason: ${reason}`;
        },
      }}
    />
  );
}
