import { PageBanner, Section } from "#web/components/marketing/page-banner.js";
import { PlanGrid } from "#web/features/plans/components/plan-grid.js";
import { useBootstrap } from "#web/lib/bootstrap.js";

export function PlansPage() {
  const { plans } = useBootstrap();
  return (
    <>
      <PageBanner title="Our Plans">Choose the plan that fits your amount and your time.</PageBanner>
      <Section title="Investment plans" intro="The rate is the total return for the whole term, paid with your principal at maturity.">
        <PlanGrid plans={plans} />
      </Section>
    </>
  );
}
