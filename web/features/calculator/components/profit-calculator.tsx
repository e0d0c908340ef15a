import { useId, useState } from "react";
import { projectReturn } from "#shared/calculator.js";
import { formatCents, formatRate, formatWholeDollars } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { RiskLine } from "#web/components/marketing/page-banner.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";

/** What a plan would pay on an amount, by the same integer-cent rule that settles real investments. */
export function ProfitCalculator({ plans }: { plans: PlanDto[] }) {
  const [planId, setPlanId] = useState(plans[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const ids = { plan: useId(), planTerms: useId(), amount: useId(), result: useId() };
  const plan = plans.find((candidate) => candidate.id === planId);
  const result = plan && amount.trim() !== "" ? projectReturn(plan, amount) : undefined;

  return (
    <div className="rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.plan} className="text-sm font-medium text-slate-800">
            Plan
          </label>
          <select
            id={ids.plan}
            value={planId}
            onChange={(event) => setPlanId(event.target.value)}
            aria-describedby={plan ? ids.planTerms : undefined}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          >
            {plans.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({formatRate(option.rateBasisPoints)}, {option.termDays} days)
              </option>
            ))}
          </select>
          {plan && (
            <p id={ids.planTerms} className="text-xs text-slate-600" data-testid="calculator-early-withdrawal">
              {earlyWithdrawalTerms(plan)}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.amount} className="text-sm font-medium text-slate-800">
            Amount (USD)
          </label>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder={plan ? formatWholeDollars(BigInt(plan.minimumCents)).slice(1) : "0.00"}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby={ids.result}
            aria-invalid={result && !result.ok ? true : undefined}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          />
        </div>
      </form>
      <div id={ids.result} aria-live="polite" className="mt-6 rounded-lg bg-brand-50 p-5">
        {!result && <p className="text-slate-700">Type an amount to see the profit and the total at maturity.</p>}
        {result && !result.ok && (
          <p className="font-medium text-danger-600" data-testid="calculator-error">
            {result.message}
          </p>
        )}
        {result?.ok && plan && (
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-700">Profit ({formatRate(plan.rateBasisPoints)})</dt>
              <dd className="text-2xl font-bold text-brand-900" data-testid="calculator-profit">
                {formatCents(result.profitCents)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Total at maturity</dt>
              <dd className="text-2xl font-bold text-brand-900" data-testid="calculator-total">
                {formatCents(result.totalCents)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Term</dt>
              <dd className="text-2xl font-bold text-brand-900" data-testid="calculator-term">
                {result.termDays} days
              </dd>
            </div>
          </dl>
        )}
      </div>
      <RiskLine className="mt-4 text-sm text-slate-700" />
    </div>
  );
}
