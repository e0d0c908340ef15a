import type { Outcome } from "#web/lib/outcome.js";
import { ApproveForm, type ApproveStep } from "./approve-form.js";
import { RejectWithReason, type RejectStep } from "./reject-with-reason.js";

export type { ApproveStep, DecisionField, ParsedDecision } from "./approve-form.js";
export type { RejectStep } from "./reject-with-reason.js";

interface DecisionFormProps<B> {
  /** Lets the money move: confirm a deposit, mark a payout paid. */
  approve: ApproveStep<B>;
  /** Refuses it, with a reason the user sees. */
  reject: RejectStep;
  onOutcome(outcome: Outcome): void;
}

/**
 * The operator's decision on one back-office queue item: the approve step's fields and button, then
 * Reject, which opens a reason in place. Each step sends its own request with its own idempotency
 * key; the feature says what to send and how to word the result, this says how deciding works.
 */
export function DecisionForm<B>({ approve, reject, onOutcome }: DecisionFormProps<B>) {
  return (
    <div className="flex flex-col gap-4">
      <ApproveForm step={approve} onOutcome={onOutcome} />
      <RejectWithReason step={reject} onOutcome={onOutcome} />
    </div>
  );
}
