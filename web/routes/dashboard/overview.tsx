import { useId } from "react";
import { useSession } from "../../features/auth/api/session.js";
import { MyDeposits } from "../../features/deposits/components/my-deposits.js";
import { BalanceCards } from "../../features/ledger/components/balance-cards.js";
import { displayName } from "./layout.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard: the six figures from the ledger, then the user's deposits (a pending claim shows here, not in the balance). */
export function OverviewScreen() {
  const { user } = useSession();
  const depositsHeading = useId();
  return (
    <section>
      <ScreenTitle title={`Welcome, ${displayName(user)}`}>Here is an overview of your account.</ScreenTitle>
      <BalanceCards />
      <section aria-labelledby={depositsHeading} className="mt-10">
        <h2 id={depositsHeading} className="mb-4 text-lg font-semibold text-brand-900">
          Your deposits
        </h2>
        <MyDeposits />
      </section>
    </section>
  );
}
