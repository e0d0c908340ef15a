import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { formatCents } from "#shared/money.js";
import type { CreatePayoutInput } from "#shared/schemas/payouts.js";
import type { CreateTransferInput } from "#shared/schemas/transfers.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { checkSecondFactorCode } from "#web/components/account/second-factor-code.js";
import { SecondFactorCodeField } from "#web/components/account/second-factor-code-field.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { focusField } from "#web/lib/focus-field.js";
import type { PayoutQuoteView } from "../api/payouts.js";
import { PayoutBitcoinTerms } from "./payout-bitcoin-terms.js";
import { SummaryRow } from "./transaction-summary.js";

/**
 * What is about to be sent, with the recipient's name as their account shows it (from the server's
 * preview); a payout in automatic crypto mode also with its bitcoin estimate (`quote`).
 */
export type ReviewedMoney = { kind: "transfer"; input: CreateTransferInput; toName: string } | { kind: "payout"; input: CreatePayoutInput; quote?: PayoutQuoteView };

export interface ReviewProblem {
  /** A sentence for the whole review (balance, limits, a lost connection). */
  message?: string;
  /** The server's word on the authenticator code. */
  twoFactorCode?: string;
  /** An account refusal (unverified address), shown with its way out. */
  refusal?: unknown;
}

interface ReviewProps {
  review: ReviewedMoney;
  /** Ask for the second factor's code: any money leaving an account with two-factor on. */
  askCode: boolean;
  sending: boolean;
  problem: ReviewProblem;
  onConfirm: (twoFactorCode: string | undefined) => void;
  onBack: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

function nextSteps(review: ReviewedMoney): { next: string; final: string } {
  const amount = formatCents(review.input.amountCents);
  if (review.kind === "transfer") {
    return {
      next: `${amount} leaves your Main Balance and arrives in ${review.toName}'s Main Balance at once.`,
      final: "A transfer cannot be undone once it is sent. Check the name before you confirm.",
    };
  }
  return {
    next: `${amount} is held from your Main Balance until the operator sends it to this wallet. You can cancel it while it is pending.`,
    final: "Once the operator has sent it, a bitcoin payment cannot be undone. Check the address before you confirm.",
  };
}

/**
 * The review before money leaves: what it is, to whom, how much, what happens next and that it
 * cannot be undone, then "Confirm and send". Escape and Back return to the form with its values.
 */
export function SendMoneyReview({ review, askCode, sending, problem, onConfirm, onBack, returnFocusTo }: ReviewProps) {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const { next, final } = nextSteps(review);
  const codeRef = useRef<HTMLInputElement>(null);
  const shownCodeError = codeError ?? problem.twoFactorCode;

  // The server refused the code (wrong, or already used): back to it for the next one.
  useEffect(() => {
    if (problem.twoFactorCode) focusField(codeRef.current);
  }, [problem]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!askCode) return onConfirm(undefined);
    const checked = checkSecondFactorCode(code, setCodeError, codeRef.current);
    if (checked !== null) onConfirm(checked);
  };

  return (
    <Dialog title={review.kind === "transfer" ? "Review your transfer" : "Review your withdrawal"} onClose={() => !sending && onBack()} returnFocusTo={returnFocusTo}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="send-money-review">
        <dl className="grid gap-3">
          <SummaryRow label="What">{review.kind === "transfer" ? "Transfer to a Termvest user" : "Withdrawal to a bitcoin wallet"}</SummaryRow>
          {review.kind === "transfer" ? (
            <SummaryRow label="To">
              <span className="font-semibold">{review.toName}</span> <span className="text-slate-600">({review.input.toEmail})</span>
            </SummaryRow>
          ) : (
            <SummaryRow label="To wallet" mono>
              {review.input.walletAddress}
            </SummaryRow>
          )}
          <SummaryRow label="Amount">
            <span className="text-lg font-semibold">{formatCents(review.input.amountCents)}</span>
          </SummaryRow>
          {review.kind === "payout" && review.quote && <PayoutBitcoinTerms quote={review.quote} />}
          <SummaryRow label="What happens next">{next}</SummaryRow>
        </dl>
        <p className="rounded-lg border border-amber-700/30 bg-amber-50 px-3 py-2 text-sm text-amber-900">{final}</p>
        {askCode && (
          <SecondFactorCodeField
            ref={codeRef}
            autoFocus
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(undefined);
            }}
            error={shownCodeError}
          />
        )}
        {problem.message && <Alert tone="error">{problem.message}</Alert>}
        <AccountRefusalNotice error={problem.refusal} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onBack} disabled={sending}>
            Back
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Confirm and send"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
