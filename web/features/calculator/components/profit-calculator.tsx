import { formatRate, formatWholeDollars } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { RiskLine } from "#web/components/marketing/page-banner.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";

const FIGURE = "text-2xl font-bold text-brand-900";

/**
 * What a plan would pay on an amount, by the same integer-cent rule that settles real investments.
 * Pre-rendered with the first plan and no amount, every result state in the HTML and all but one
 * hidden; ../enhance-calculator.ts computes as the visitor types.
 */
export function ProfitCalculator({ plans }: { plans: PlanDto[] }) {
  const plan = plans[0];
  return (
    <div className="rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-calculator>
      <form className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="calculator-plan" className="text-sm font-medium text-slate-800">
            Plan
          </label>
          <select
            id="calculator-plan"
            defaultValue={plan?.id}
            aria-describedby={plan ? "calculator-plan-terms" : undefined}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          >
            {plans.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({formatRate(option.rateBasisPoints)}, {option.termDays} days)
              </option>
            ))}
          </select>
          {plan && (
            <p id="calculator-plan-terms" className="text-xs text-slate-600" data-testid="calculator-early-withdrawal">
              {earlyWithdrawalTerms(plan)}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="calculator-amount" className="text-sm font-medium text-slate-800">
            Amount (USD)
          </label>
          <input
            id="calculator-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={plan ? formatWholeDollars(BigInt(plan.minimumCents)).slice(1) : "0.00"}
            aria-describedby="calculator-result"
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          />
        </div>
      </form>
      <div id="calculator-result" aria-live="polite" className="mt-6 rounded-lg bg-brand-50 p-5">
        <p className="text-slate-700" data-result="none">
          Type an amount to see the profit and the total at maturity.
        </p>
        <p className="font-medium text-danger-600" data-testid="calculator-error" data-result="error" hidden />
        <dl className="grid gap-4 sm:grid-cols-3" data-result="ok" hidden>
          <div>
            <dt className="text-sm text-slate-700">
              Profit (<span data-calculator-rate>{plan ? formatRate(plan.rateBasisPoints) : ""}</span>)
            </dt>
            <dd className={FIGURE} data-testid="calculator-profit" />
          </div>
          <div>
            <dt className="text-sm text-slate-700">Total at maturity</dt>
            <dd className={FIGURE} data-testid="calculator-total" />
          </div>
          <div>
            <dt className="text-sm text-slate-700">Term</dt>
            <dd className={FIGURE} data-testid="calculator-term" />
          </div>
        </dl>
      </div>
      <RiskLine className="mt-4 text-sm text-slate-700" />
    </div>
  );
}
