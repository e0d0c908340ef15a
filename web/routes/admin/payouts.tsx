import { AdminQueue } from "#web/components/admin/admin-queue.js";
import { usePendingPayouts } from "#web/features/payouts/api/admin-payouts.js";
import { AdminPayoutRow } from "#web/features/payouts/components/admin-payout-row.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/payouts: withdrawals waiting to be sent, oldest first. Each amount is already held from the user's balance. */
export function AdminPayoutsScreen() {
  const pending = usePendingPayouts();
  return (
    <section>
      <ScreenTitle title="Pending payouts">
        Send each amount to the wallet address shown, then mark it paid with the transaction ID. Reject a payout to return the held amount to the user.
      </ScreenTitle>
      <AdminQueue
        items={pending.data?.payouts}
        isPending={pending.isPending}
        isError={pending.isError}
        loadError="Pending payouts could not be loaded. Reload the page to try again."
        empty="No payouts are waiting to be sent."
        itemKey={(payout) => payout.id}
        renderItem={(payout, onOutcome) => <AdminPayoutRow payout={payout} onOutcome={onOutcome} />}
      />
    </section>
  );
}
