import type { MoneyRequestDto } from "../../../../shared/schemas/payouts.js";
import { formatDateTime } from "../../../lib/format-date.js";
import { WALLET_LABELS, type Wallet } from "../check-request.js";

/** The optional parts of a request (note, wallet) and its dates, shared by both lists. */
export function RequestDetails({ request }: { request: MoneyRequestDto }) {
  const wallet = request.wallet ? (WALLET_LABELS[request.wallet as Wallet] ?? request.wallet) : null;
  return (
    <>
      {request.note && <p className="break-words">Note: {request.note}</p>}
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
