import type { PlanDto } from "#shared/plans.js";
import { RiskLine } from "#web/components/marketing/page-banner.js";
import { PlanCard } from "./plan-card.js";

/** The public plan cards: Get Started leads to login, or to the plan list once signed in (web/lib/session-parts.ts). */
export function PlanGrid({ plans }: { plans: PlanDto[] }) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} ctaTo="/login" ctaSignedInTo="/dashboard/investment" />
        ))}
      </div>
      <div className="mt-8 text-center">
        <RiskLine />
      </div>
    </>
  );
}
