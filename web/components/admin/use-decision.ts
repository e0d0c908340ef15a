import { useState } from "react";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import type { Outcome } from "#web/lib/outcome.js";

/** What a form shows after the server refused a decision: sentences by field, or one for the form. */
export interface DecisionRefusal {
  message: string;
  fields: Record<string, string>;
}

export interface DecisionStep<B> {
  /** Sends the decision; resolves to the sentence that reports it to the operator. */
  send(body: B, idempotencyKey: string): Promise<string>;
  /** Said when the server gave no sentence of its own ("The payout could not be rejected. Try again."). */
  fallback: string;
}

/**
 * Sends one kind of decision (confirm, mark paid, reject) for one queue item. A retry of the same
 * body reuses its idempotency key, so a timeout and a second click cannot decide twice. A 409 means
 * another operator decided first: that goes to the queue's outcome, since the row is about to go.
 * Any other refusal comes back for the form to show beside its fields.
 */
export function useDecision<B>(step: DecisionStep<B>, fieldNames: string[], onOutcome: (outcome: Outcome) => void) {
  const idempotency = useIdempotencyKey();
  const [pending, setPending] = useState(false);

  const decide = async (body: B): Promise<DecisionRefusal | undefined> => {
    setPending(true);
    try {
      const text = await step.send(body, idempotency.keyFor(body));
      idempotency.done();
      onOutcome({ tone: "success", text });
      return undefined;
    } catch (error) {
      const names = Object.fromEntries(fieldNames.map((name) => [name, name]));
      const { conflict, message, fields } = moneyOutFailure(error, names, step.fallback);
      if (!conflict) return { message, fields };
      onOutcome({ tone: "error", text: message });
      return undefined;
    } finally {
      setPending(false);
    }
  };

  return { decide, pending };
}
