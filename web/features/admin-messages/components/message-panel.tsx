import { useState, type FormEvent } from "react";
import { contactReplySchema, type ContactMessageDto } from "#shared/schemas/contact-inbox.js";
import { Button } from "#web/components/ui/button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { ApiError } from "#web/lib/api.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useMessageAction } from "../api/admin-messages.js";

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The whole message, the answer if there is one, and what can still be done: reply (to a new one) and archive. */
export function MessagePanel({ message, onOutcome }: { message: ContactMessageDto; onOutcome: (outcome: Outcome) => void }) {
  const action = useMessageAction();
  const key = useIdempotencyKey();
  const [error, setError] = useState<string | undefined>();
  const who = message.name || message.email;

  const reply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = contactReplySchema.safeParse({ text: String(new FormData(event.currentTarget).get("text") ?? "") });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await action.mutateAsync({ kind: "reply", id: message.id, text: parsed.data.text, idempotencyKey: key.keyFor(parsed.data) });
      key.done();
      onOutcome({ tone: "success", text: `Reply sent to ${message.email}.` });
    } catch (caught) {
      onOutcome({ tone: "error", text: failure(caught, "The reply could not be sent. Try again.") });
    }
  };
  const archive = async () => {
    try {
      await action.mutateAsync({ kind: "archive", id: message.id });
      onOutcome({ tone: "success", text: `Archived the message from ${who}.` });
    } catch (caught) {
      onOutcome({ tone: "error", text: failure(caught, "The message could not be archived. Try again.") });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm text-slate-700">
          From {who} &lt;{message.email}&gt;, {formatDateTime(message.createdAt)}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{message.message}</p>
      </div>
      {message.replyText && (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="text-sm text-slate-700">
            Answered by {message.repliedByEmail ?? "an operator"}
            {message.repliedAt ? `, ${formatDateTime(message.repliedAt)}` : ""}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{message.replyText}</p>
        </div>
      )}
      {message.status === "new" && (
        <form onSubmit={reply} noValidate className="flex flex-col gap-3">
          <TextAreaField name="text" label={`Reply to ${who}`} error={error} maxLength={5000} />
          <p className="text-sm text-slate-700">Sent by e-mail to {message.email}, with their message quoted below it.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? "Sending..." : "Send reply"}
            </Button>
          </div>
        </form>
      )}
      {message.status !== "archived" && (
        <div>
          <Button variant="secondary" onClick={archive} disabled={action.isPending}>
            Archive
          </Button>
        </div>
      )}
    </div>
  );
}
