import { useRef, useState, type RefObject } from "react";
import { formatCents, formatRate } from "#shared/money.js";
import type { EarlyWithdrawalDto, InvestmentDto } from "#shared/schemas/investments.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { Loading } from "#web/components/ui/spinner.js";
import { formatDate } from "#web/lib/format-date.js";
import { newIdempotencyKey } from "#web/lib/idempotency.js";
import { useEarlyWithdrawalPreview, useWithdrawEarly } from "../api/investments.js";
import { investmentFailure, PREVIEW_FAILED, WITHDRAW_FAILED } from "../errors.js";
import { SummaryRow } from "./investment-summary.js";

interface Props {
  investment: InvestmentDto;
  onClose: () => void;
  onWithdrawn: (result: EarlyWithdrawalDto) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Ending an investment before maturity: the server's preview (principal, the fee and its percent,
 * no profit, what reaches the Main Balance) and that it cannot be undone, then "Confirm early
 * withdrawal". One key per opening of the dialog: a second press, or a retry after a lost answer,
 * is the same withdrawal, recorded once.
 */
export function EarlyWithdrawalDialog({ investment, onClose, onWithdrawn, returnFocusTo }: Props) {
  const preview = useEarlyWithdrawalPreview(investment.id);
  const withdraw = useWithdrawEarly();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  // Set at once on the first press, before React has re-rendered the button as disabled.
  const sending = useRef(false);

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      onWithdrawn(await withdraw.mutateAsync({ id: investment.id, idempotencyKey }));
    } catch (caught) {
      // The key is kept: pressing Confirm again retries this same withdrawal.
      setFailure(investmentFailure(caught, WITHDRAW_FAILED));
    } finally {
      sending.current = false;
    }
  };

  const terms = preview.data;
  return (
    <Dialog title={`Withdraw your ${investment.planName} investment early`} onClose={() => !withdraw.isPending && onClose()} returnFocusTo={returnFocusTo}>
      <div className="flex flex-col gap-4" data-testid="early-withdrawal">
        {preview.isPending && <Loading label="Working out what you would receive..." />}
        {preview.isError && <Alert tone="error">{investmentFailure(preview.error, PREVIEW_FAILED)}</Alert>}
        {terms && (
          <>
            <p className="text-sm text-slate-700">
              The investment ends now instead of at maturity on {formatDate(terms.maturesAt)}. You get your principal back less the fee, and no profit.
            </p>
            <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" data-testid="early-withdrawal-preview">
              <SummaryRow label="Principal">{formatCents(terms.principalCents)}</SummaryRow>
              <SummaryRow label={`Early-withdrawal fee (${formatRate(terms.feeBasisPoints)})`}>−{formatCents(terms.feeCents)}</SummaryRow>
              <SummaryRow label="Profit">
                No profit <span className="block text-xs font-normal text-slate-600">{formatCents(terms.forgoneProfitCents)} given up</span>
              </SummaryRow>
              <SummaryRow label="To your Main Balance" strong>
                {formatCents(terms.payoutCents)}
              </SummaryRow>
            </dl>
            <p className="rounded-lg border border-amber-700/30 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              An early withdrawal cannot be undone: once confirmed, the fee is kept and the profit is given up for good.
            </p>
          </>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={withdraw.isPending} data-autofocus>
            Keep investment
          </Button>
          {terms && (
            <Button variant="danger" onClick={() => void confirm()} disabled={withdraw.isPending}>
              {withdraw.isPending ? "Withdrawing..." : "Confirm early withdrawal"}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
