import type { ReactNode } from "react";
import { RiskLine } from "../../components/marketing/page-banner.js";
import { PlanCard } from "../../features/plans/components/plan-card.js";
import { useBootstrap } from "../../lib/bootstrap.js";

export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {children && <p className="mt-1 text-slate-700">{children}</p>}
    </div>
  );
}

/** A dashboard route whose feature has not shipped yet: it exists, says so, and shows no invented figures. */
export function UnavailableScreen({ title }: { title: string }) {
  return (
    <section>
      <ScreenTitle title={title} />
      <div className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-slate-700">This screen is not available yet.</div>
    </section>
  );
}

export function PlanListScreen() {
  const { plans } = useBootstrap();
  return (
    <section>
      <ScreenTitle title="Investment Plans">Choose a plan. Deposit funds first if your balance is short.</ScreenTitle>
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} ctaTo="/dashboard/transfer" />
        ))}
      </div>
      <div className="mt-6">
        <RiskLine />
      </div>
    </section>
  );
}
