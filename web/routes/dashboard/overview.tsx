import { TitledSection } from "#web/components/ui/titled-section.js";
import { useSession } from "#web/lib/session.js";
import { MyDeposits } from "#web/features/deposits/components/my-deposits.js";
import { MyInvestments } from "#web/features/investments/components/my-investments.js";
import { UpcomingMaturities } from "#web/features/investments/components/upcoming-maturities.js";
import { BalanceCards } from "#web/features/ledger/components/balance-cards.js";
import { displayName } from "./layout.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard: the six figures from the ledger, the next maturities, the latest investments, then the user's deposits (the interest tool is on the back office's user page). */
export function OverviewScreen() {
  const { user } = useSession();
  return (
    <section>
      <ScreenTitle title={`Welcome, ${displayName(user)}`}>Your six balances, your investments and your deposits, as they stand now.</ScreenTitle>
      <BalanceCards />
      <UpcomingMaturities className="mt-10" />
      <TitledSection title="Your investments" className="mt-10">
        <MyInvestments compact />
      </TitledSection>
      <TitledSection title="Your deposits" className="mt-10">
        <MyDeposits />
      </TitledSection>
    </section>
  );
}
