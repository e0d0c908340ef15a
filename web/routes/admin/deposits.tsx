import { AdminQueue } from "#web/components/admin/admin-queue.js";
import { usePendingDeposits } from "#web/features/deposits/api/admin-deposits.js";
import { AdminDepositRow } from "#web/features/deposits/components/admin-deposit-row.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/deposits: the queue of claims to check against the wallet and bank statements, oldest first. */
export function AdminDepositsScreen() {
  const pending = usePendingDeposits();
  return (
    <section>
      <ScreenTitle title="Pending deposits">Check each claim against the wallet or bank statement, then confirm what arrived or reject it.</ScreenTitle>
      <AdminQueue
        items={pending.data?.deposits}
        isPending={pending.isPending}
        isError={pending.isError}
        loadError="Pending deposits could not be loaded. Reload the page to try again."
        empty="No deposits are waiting for a decision."
        itemKey={(deposit) => deposit.id}
        renderItem={(deposit, onOutcome) => <AdminDepositRow deposit={deposit} onOutcome={onOutcome} />}
      />
    </section>
  );
}
