import type { ReactNode } from "react";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { RequestStatusBadge } from "./request-status-badge.js";

/** How both lists show a request: its headline (`children`), the other person's address, the details, and its status beside them. */
export function RequestSummary({ request, children }: { request: MoneyRequestDto; children: ReactNode }) {
  return (
    <>
      <div className="min-w-0 text-sm text-slate-700">
        <p className="text-base font-semibold break-words text-slate-900">{children}</p>
        <p className="break-all">{request.counterparty.email}</p>
        <RequestDetails request={request} />
      </div>
      <div className="shrink-0">
        <RequestStatusBadge status={request.status} />
      </div>
    </>
  );
}

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
