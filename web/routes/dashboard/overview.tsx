import { useId } from "react";
import { useSession } from "#web/lib/session.js";
import { MyDeposits } from "#web/features/deposits/components/my-deposits.js";
import { MyInvestments } from "#web/features/investments/components/my-investments.js";
import { BalanceCards } from "#web/features/ledger/components/balance-cards.js";
import { displayName } from "./layout.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard: the six figures from the ledger, the latest investments, then the user's deposits (the interest tool is on the back office's user page). */
export function OverviewScreen() {
  const { user } = useSession();
  const investmentsHeading = useId();
  const depositsHeading = useId();
  return (
    <section>
      <ScreenTitle title={`Welcome, ${displayName(user)}`}>Your six balances, your investments and your deposits, as they stand now.</ScreenTitle>
      <BalanceCards />
      <section aria-labelledby={investmentsHeading} className="mt-10">
        <h2 id={investmentsHeading} className="mb-4 text-lg font-semibold text-brand-900">
          Your investments
        </h2>
        <MyInvestments compact />
      </section>
      <section aria-labelledby={depositsHeading} className="mt-10">
        <h2 id={depositsHeading} className="mb-4 text-lg font-semibold text-brand-900">
          Your deposits
        </h2>
        <MyDeposits />
      </section>
    </section>
  );
}
