import type { AdminMailDto } from "#shared/schemas/admin-mail.js";
import { useDecision } from "#web/components/admin/use-decision.js";
import { Button } from "#web/components/ui/button.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useRetryMail } from "../api/admin-mail.js";

/**
 * Queues one more try of a dead message now. A double click or a timed-out retry reuses its
 * idempotency key, so the message is queued once; if that try fails too it is dead again.
 */
export function RetryMailButton({ mail, onOutcome }: { mail: AdminMailDto; onOutcome: (outcome: Outcome) => void }) {
  const retry = useRetryMail();
  const { decide, pending } = useDecision<{ id: string }>(
    {
      send: async (body, idempotencyKey) => {
        await retry.mutateAsync({ id: body.id, idempotencyKey });
        return `The e-mail to ${mail.to} is queued to be sent again.`;
      },
      fallback: "The e-mail could not be queued again. Try again.",
    },
    [],
    onOutcome,
  );
  const click = async () => {
    const refusal = await decide({ id: mail.id });
    if (refusal) onOutcome({ tone: "error", text: refusal.message });
  };
  return (
    <Button onClick={click} disabled={pending} aria-label={`Retry the e-mail to ${mail.to}: ${mail.subject}`}>
      {pending ? "Queueing..." : "Retry"}
    </Button>
  );
}
