import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { formatDateTime } from "#web/lib/format-date.js";

/** The optional note of a request and its dates, shared by both lists. */
export function RequestDetails({ request }: { request: MoneyRequestDto }) {
  return (
    <>
      {request.note && <QuotedNote request={request} note={request.note} />}
      <p>
        Requested {formatDateTime(request.createdAt)}
        {request.answeredAt && ` · ${request.status === "paid" ? "Paid" : "Declined"} ${formatDateTime(request.answeredAt)}`}
      </p>
    </>
  );
}

/**
 * The requester's note is their words, not ours: shown as a labelled quotation, as plain text
 * (React escapes it), with the line breaks they typed.
 */
function QuotedNote({ request, note }: { request: MoneyRequestDto; note: string }) {
  const author = request.direction === "incoming" ? request.counterparty.name || request.counterparty.email : null;
  return (
    <figure className="my-2">
      <figcaption className="text-slate-600">{author ? `Note from ${author}:` : "Your note:"}</figcaption>
      <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-slate-900">{note}</blockquote>
    </figure>
  );
}
