import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { formatCents } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import type { InvestmentDto, MaturityInstruction } from "#shared/schemas/investments.js";
import { RiskLine } from "#web/components/marketing/page-banner.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Dialog } from "#web/components/ui/dialog.js";
import { AmountField } from "#web/components/ui/amount-field.js";
import { focusField } from "#web/lib/focus-field.js";
import { useIdempotencyKey } from "#web/lib/idempotency.js";
import { useCreateInvestment } from "../api/investments.js";
import { checkInvestment, type InvestmentCheck } from "../check-investment.js";
import { investmentFailure } from "../errors.js";
import { InstructionChoice } from "./instruction-choice.js";
import { InvestmentSummary } from "./investment-summary.js";

interface Props {
  plan: PlanDto;
  /** The Main Balance, when known. */
  availableCents: number | undefined;
  onClose: () => void;
  onInvested: (investment: InvestmentDto) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

type Review = Extract<InvestmentCheck, { ok: true }> & { startMs: number };

/** Invest in one plan: the amount and what happens at maturity, then a summary of what it will pay, then Confirm. */
export function InvestDialog({ plan, availableCents, onClose, onInvested, returnFocusTo }: Props) {
  const create = useCreateInvestment();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState("");
  const [instruction, setInstruction] = useState<MaturityInstruction>("payout");
  const [error, setError] = useState<string>();
  const [review, setReview] = useState<Review | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);

  // Each step change moves focus to the new step, so keyboard and screen-reader users follow it.
  useEffect(() => {
    if (review) summaryHeading.current?.focus();
  }, [review]);

  const toSummary = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInvestment(plan, amount, availableCents);
    if (!checked.ok) {
      setError(checked.message);
      focusField(amountRef.current);
      return;
    }
    setError(undefined);
    setFailure(null);
    setReview({ ...checked, startMs: Date.now() });
  };

  const back = () => {
    setReview(null);
    setFailure(null);
    requestAnimationFrame(() => amountRef.current?.focus());
  };

  const confirm = async () => {
    if (!review || create.isPending) return;
    const input = { planId: plan.id, amountCents: review.amountCents, maturityInstruction: instruction };
    try {
      const investment = await create.mutateAsync({ input, idempotencyKey: idempotency.keyFor(input) });
      idempotency.done();
      onInvested(investment);
    } catch (caught) {
      // The key is kept: confirming again with the same amount is a retry, never a second investment.
      setFailure(investmentFailure(caught));
    }
  };

  return (
    <Dialog title={`Invest in ${plan.name}`} onClose={() => !create.isPending && onClose()} returnFocusTo={returnFocusTo}>
      {!review ? (
        <form onSubmit={toSummary} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Available balance:{" "}
            <strong className="text-slate-900" data-testid="available-balance">
              {availableCents === undefined ? "unknown" : formatCents(availableCents)}
            </strong>
          </p>
          <AmountField
            ref={amountRef}
            data-autofocus
            label="Amount (USD)"
            placeholder={formatCents(plan.minimumCents).slice(1)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error}
            hint={`At least ${formatCents(plan.minimumCents)}, at most your available balance.`}
          />
          <InstructionChoice value={instruction} onChange={setInstruction} />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Review</Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <h3 ref={summaryHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
            Check your investment
          </h3>
          <InvestmentSummary plan={plan} instruction={instruction} {...review} />
          <RiskLine className="text-xs text-slate-700" />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={back} disabled={create.isPending}>
              Back
            </Button>
            <Button onClick={confirm} disabled={create.isPending}>
              {create.isPending ? "Investing..." : "Confirm"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
