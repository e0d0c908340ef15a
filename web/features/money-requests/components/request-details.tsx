import type { MoneyRequestDto } from "#shared/schemas/payouts.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { WALLET_LABELS, type Wallet } from "../check-request.js";

/** The optional parts of a request (note, wallet) and its dates, shared by both lists. */
export function RequestDetails({ request }: { request: MoneyRequestDto }) {
  const wallet = request.wallet ? (WALLET_LABELS[request.wallet as Wallet] ?? request.wallet) : null;
  return (
    <>
      {request.note && <QuotedNote request={request} note={request.note} />}
      {(wallet || request.walletAddress) && (
        <p>
          Wallet: {wallet ?? "—"}
          {request.walletAddress && (
            <>
              {" · "}
              <span className="font-mono break-all text-slate-900">{request.walletAddress}</span>
            </>
          )}
        </p>
      )}
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
