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
    // Side by side while Reject is a button (level with the approve button); its reason form, once open, takes a line of its own.
    <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
      <div className="sm:flex-1">
        <ApproveForm step={approve} onOutcome={onOutcome} />
      </div>
      <div className="sm:pt-7 sm:has-[form]:basis-full sm:has-[form]:pt-0">
        <RejectWithReason step={reject} onOutcome={onOutcome} />
      </div>
    </div>
  );
}
