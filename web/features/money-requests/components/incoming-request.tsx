import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatCents } from "#shared/money.js";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { AccountRefusalNotice } from "#web/components/account/account-refusal.js";
import { checkSecondFactorCode } from "#web/components/account/second-factor-code.js";
import { SecondFactorCodeField } from "#web/components/account/second-factor-code-field.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useConfirmStep } from "#web/lib/use-confirm-step.js";
import { useSummary } from "#web/lib/account-summary.js";
import { focusField } from "#web/lib/focus-field.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { useSession } from "#web/lib/session.js";
import { useAnswerMoneyRequest } from "../api/money-requests.js";
import { RequestSummary } from "./request-details.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

/** One request made to the caller. Pay asks once more, with the amount, before any money moves; Decline moves nothing. */
export function IncomingRequest({ request }: { request: MoneyRequestDto }) {
  const answer = useAnswerMoneyRequest();
  const summary = useSummary();
  const idempotency = useIdempotencyKey();
  const { confirming, outcome, questionId, triggerRef, confirmRef, messageRef, ask, back, finish, clearOutcome } = useConfirmStep();
  // With two-factor on, paying is money leaving the account: the same code as any payout or transfer.
  const askCode = useSession().user?.twoFactorEnabled === true;
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<HTMLInputElement>(null);
  // The code is what is asked: it takes focus from the confirm button when the question opens.
  useEffect(() => {
    if (confirming && askCode) codeRef.current?.focus();
  }, [confirming, askCode]);
  const who = request.counterparty.name || request.counterparty.email;
  const amount = formatCents(request.amountCents);
  const pending = request.status === "pending";

  const run = async (kind: "pay" | "decline", twoFactorCode?: string) => {
    if (answer.isPending) return;
    clearOutcome();
    try {
      // Not the code in the key: a retry of the same payment is the same payment, whatever code it carries.
      if (kind === "pay") await answer.mutateAsync({ kind, id: request.id, twoFactorCode, idempotencyKey: idempotency.keyFor({ pay: request.id }) });
      else await answer.mutateAsync({ kind, id: request.id });
      idempotency.done();
      setCode("");
      finish(kind === "pay" ? { tone: "success", text: `You paid ${amount} to ${who}.` } : { tone: "success", text: `You declined ${who}'s request for ${amount}.` });
    } catch (error) {
      const failure = moneyOutFailure(error, { twoFactorCode: "twoFactorCode" }, kind === "pay" ? "The payment could not be made. Please try again." : "The request could not be declined. Please try again.");
      if (failure.fields.twoFactorCode) {
        // A wrong or spent code: the question stays open for the next one.
        setCodeError(failure.fields.twoFactorCode);
        focusField(codeRef.current);
        return;
      }
      // An unverified address: <AccountRefusalNotice> below says so, with the resend button.
      if (failure.message) finish({ tone: "error", text: failure.message });
      else back();
    }
  };

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!askCode) return void run("pay");
    const checked = checkSecondFactorCode(code, setCodeError, codeRef.current);
    if (checked !== null) void run("pay", checked);
  };

  return (
    <li id={subjectAnchor("money-request", request.id)} className="flex scroll-mt-24 flex-col gap-3 p-4" data-testid="incoming-request">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <RequestSummary request={request}>
          {who} asks you for {amount}
        </RequestSummary>
      </div>
      <div ref={messageRef} tabIndex={-1} className="outline-none empty:hidden">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      <AccountRefusalNotice error={answer.error} />
      {pending && !confirming && (
        <div className="flex flex-wrap gap-3">
          <Button ref={triggerRef} onClick={ask} disabled={answer.isPending} aria-label={`Pay ${amount} to ${who}`}>
            Pay
          </Button>
          <Button variant="dangerOutline" onClick={() => void run("decline")} disabled={answer.isPending} aria-label={`Decline ${who}'s request for ${amount}`}>
            {answer.isPending ? "Declining..." : "Decline"}
          </Button>
        </div>
      )}
      {pending && confirming && (
        <form onSubmit={pay} noValidate aria-labelledby={questionId} className="flex flex-col gap-3 rounded-lg border border-brand-600/20 bg-brand-50 p-4">
          <p id={questionId} className="text-sm text-slate-900">
            Pay <strong>{amount}</strong> to {who}? The amount leaves your Main Balance at once and cannot be taken back.
          </p>
          {summary.data && <p className="text-sm text-slate-700">Your Main Balance: {formatCents(summary.data.mainBalanceCents)}</p>}
          {askCode && (
            <SecondFactorCodeField
              ref={codeRef}
              value={code}
              onChange={(value) => {
                setCode(value);
                setCodeError(undefined);
              }}
              error={codeError}
            />
          )}
          <div className="flex flex-wrap gap-3">
            <Button ref={confirmRef} type="submit" disabled={answer.isPending}>
              {answer.isPending ? "Paying..." : `Confirm payment of ${amount}`}
            </Button>
            <Button variant="ghost" onClick={back} disabled={answer.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
