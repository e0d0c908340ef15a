import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { formatCents } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { MATURITY_INSTRUCTION_WORDS, type InvestmentDto } from "#shared/schemas/investments.js";
import { RiskLine } from "#web/components/marketing/page-banner.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loaded } from "#web/components/ui/loaded.js";
import { TitledSection } from "#web/components/ui/titled-section.js";
import { usePlans } from "#web/features/investments/api/investments.js";
import { InvestDialog } from "#web/features/investments/components/invest-dialog.js";
import { MyInvestments } from "#web/features/investments/components/my-investments.js";
import { PlanAction } from "#web/features/investments/components/plan-action.js";
import { useSummary } from "#web/lib/account-summary.js";
import { PlanCard } from "#web/features/plans/components/plan-card.js";
import { formatDate } from "#web/lib/format-date.js";
import { ScreenTitle } from "./screens.js";

type Investing = { plan: PlanDto; button: RefObject<HTMLButtonElement | null> };

/** /dashboard/investment(s): the open plans with Invest, then the user's own investments. */
export function InvestmentsScreen() {
  const plans = usePlans();
  const summary = useSummary();
  const available = summary.data?.mainBalanceCents;
  const [investing, setInvesting] = useState<Investing | null>(null);
  const [done, setDone] = useState<InvestmentDto | null>(null);
  const message = useRef<HTMLDivElement>(null);
  const plansHeading = useId();

  // The dialog closes on success; the confirmation takes focus so nobody is dropped to the top of the page.
  useEffect(() => {
    if (done) message.current?.focus();
  }, [done]);

  return (
    <section>
      <ScreenTitle title="Investment Plans">Choose a plan and invest from your Main Balance. Deposit funds first if your balance is short.</ScreenTitle>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="invest-outcome">
        {done && (
          <Alert tone="success">
            You invested {formatCents(done.principalCents)} in {done.planName}. It matures on {formatDate(done.maturesAt)} with{" "}
            {formatCents(done.principalCents)} plus {formatCents(done.profitCents)} profit. At maturity: {MATURITY_INSTRUCTION_WORDS[done.maturityInstruction].label}.
          </Alert>
        )}
      </div>
      <section aria-labelledby={plansHeading}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={plansHeading} className="text-lg font-semibold text-brand-900">
            Choose a plan
          </h2>
          {available !== undefined && (
            <p className="text-sm text-slate-700">
              Available balance: <strong className="text-slate-900">{formatCents(available)}</strong>
            </p>
          )}
        </div>
        <Loaded query={plans} loading="Loading plans..." failed="The plans could not be loaded. Reload the page to try again.">
          {(data) => (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {data.items.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  action={<PlanAction plan={plan} availableCents={available} loading={summary.isPending} onInvest={(chosen, button) => setInvesting({ plan: chosen, button })} />}
                />
              ))}
            </div>
          )}
        </Loaded>
        <div className="mt-6">
          <RiskLine />
        </div>
      </section>
      <TitledSection title="My investments" className="mt-10">
        <MyInvestments />
      </TitledSection>
      {investing && (
        <InvestDialog
          plan={investing.plan}
          availableCents={available}
          returnFocusTo={investing.button}
          onClose={() => setInvesting(null)}
          onInvested={(investment) => {
            setInvesting(null);
            setDone(investment);
          }}
        />
      )}
    </section>
  );
}
