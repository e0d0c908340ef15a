import { PageBanner, RiskLine, Section } from "../../components/marketing/page-banner.js";
import { useSession } from "../../features/auth/api/session.js";
import { PlanCard } from "../../features/plans/components/plan-card.js";
import { useBootstrap } from "../../lib/bootstrap.js";

export function PlansPage() {
  const { plans } = useBootstrap();
  const { user } = useSession();
  return (
    <>
      <PageBanner title="Our Plans">Choose the plan that fits your amount and your time.</PageBanner>
      <Section title="Investment plans" intro="The rate is the total return for the whole term, paid with your principal at maturity.">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} ctaTo={user ? "/dashboard/investment" : "/login"} />
          ))}
        </div>
        <div className="mt-8 text-center">
          <RiskLine />
        </div>
      </Section>
    </>
  );
}
