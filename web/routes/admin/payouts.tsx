import { QueueTable } from "#web/components/admin/queue-table.js";
import { usePendingPayouts } from "#web/features/payouts/api/admin-payouts.js";
import { ADMIN_PAYOUT_COLUMNS } from "#web/features/payouts/components/admin-payout-columns.js";
import { AdminPayoutDecision } from "#web/features/payouts/components/admin-payout-decision.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/payouts: withdrawals waiting to be sent, oldest first. Each amount is already held from the user's balance. */
export function AdminPayoutsScreen() {
  const pending = usePendingPayouts();
  return (
    <section>
      <ScreenTitle title="Pending payouts">
        Send each amount to the wallet address shown, then mark it paid with the transaction ID. Reject a payout to return the held amount to the user.
      </ScreenTitle>
      <QueueTable
        caption="Pending payouts, oldest first"
        columns={ADMIN_PAYOUT_COLUMNS}
        items={pending.data?.payouts}
        isPending={pending.isPending}
        isError={pending.isError}
        loadError="Pending payouts could not be loaded. Reload the page to try again."
        empty="No payouts are waiting to be sent."
        itemKey={(payout) => payout.id}
        itemTestId="admin-payout"
        decision={(payout, onOutcome) => <AdminPayoutDecision payout={payout} onOutcome={onOutcome} />}
      />
    </section>
  );
}
