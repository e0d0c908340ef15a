import { formatCents, formatDecimalUsd } from "#shared/money.js";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useConfirmStep } from "#web/lib/use-confirm-step.js";
import { useCancelPayout } from "../api/payouts.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { PayoutStatusBadge } from "./payout-status-badge.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

/** One of the caller's payouts. A pending one can be cancelled, after a second, explicit confirmation. */
export function MyPayoutRow({ payout }: { payout: PayoutDto }) {
  const cancel = useCancelPayout();
  const idempotency = useIdempotencyKey();
  const { confirming, outcome, questionId, triggerRef, confirmRef, messageRef, ask, back, finish, clearOutcome } = useConfirmStep();
  const amount = formatCents(payout.amountCents);
  const pending = payout.status === "requested";
  // Automatic crypto mode: the bitcoin it is sent as, at the rate fixed when our team approved it.
  const bitcoin = payout.amountBtc && payout.rateUsd && `${payout.amountBtc} BTC (at ${formatDecimalUsd(payout.rateUsd)} per bitcoin)`;

  const confirm = async () => {
    if (cancel.isPending) return;
    clearOutcome();
    try {
      // One key per payout: a retried click replays the first answer instead of a 409.
      await cancel.mutateAsync({ id: payout.id, idempotencyKey: idempotency.keyFor({ cancel: payout.id }) });
      idempotency.done();
      finish({ tone: "success", text: `Payout cancelled. ${amount} is back in your Main Balance.` });
    } catch (error) {
      finish({ tone: "error", text: moneyOutFailure(error, {}, "The payout could not be cancelled. Please try again.").message });
    }
  };

  return (
    <li id={subjectAnchor("payout", payout.id)} className="flex scroll-mt-24 flex-col gap-3 p-4" data-testid="my-payout">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 text-sm text-slate-700">
          <p className="text-base font-semibold text-slate-900">{amount}</p>
          <p>
            To <span className="font-mono break-all text-slate-900">{payout.walletAddress}</span>
          </p>
          <p>Requested {formatDateTime(payout.createdAt)}</p>
          {pending && <p>Held from your Main Balance until it is sent.</p>}
          {pending && bitcoin && <p data-testid="payout-bitcoin">Rate fixed: {bitcoin} will be sent.</p>}
          {payout.status === "paid" && (
            <p>
              Sent{bitcoin && <span data-testid="payout-bitcoin"> {bitcoin}</span>}
              {payout.decidedAt ? ` ${formatDateTime(payout.decidedAt)}` : ""} · Transaction ID <span className="font-mono break-all text-slate-900">{payout.txId ?? "—"}</span>
            </p>
          )}
          {payout.status === "rejected" && (
            <>
              <p className="break-words text-danger-600">Reason: {payout.rejectReason ?? "—"}</p>
              <p>The amount is back in your Main Balance.</p>
            </>
          )}
          {payout.status === "cancelled" && <p>You cancelled this request{payout.decidedAt ? ` ${formatDateTime(payout.decidedAt)}` : ""}. The amount is back in your Main Balance.</p>}
        </div>
        <div className="shrink-0">
          <PayoutStatusBadge status={payout.status} />
        </div>
      </div>
      <div ref={messageRef} tabIndex={-1} className="outline-none empty:hidden">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {pending && !confirming && (
        <div>
          <Button ref={triggerRef} variant="dangerOutline" onClick={ask} aria-label={`Cancel request for ${amount}`}>
            Cancel request
          </Button>
        </div>
      )}
      {pending && confirming && (
        <div role="group" aria-labelledby={questionId} className="flex flex-col gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4">
          <p id={questionId} className="text-sm text-slate-900">
            Cancel your payout of <strong>{amount}</strong>? Nothing will be sent, and the amount goes back to your Main Balance at once.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button ref={confirmRef} variant="danger" onClick={() => void confirm()} disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Confirm cancel"}
            </Button>
            <Button variant="ghost" onClick={back} disabled={cancel.isPending}>
              Keep request
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
