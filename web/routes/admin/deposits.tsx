import { QueueTable } from "#web/components/admin/queue-table.js";
import { usePendingDeposits } from "#web/features/deposits/api/admin-deposits.js";
import { ADMIN_DEPOSIT_COLUMNS } from "#web/features/deposits/components/admin-deposit-columns.js";
import { AdminDepositDecision } from "#web/features/deposits/components/admin-deposit-decision.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/deposits: the queue of claims to check against the wallet and bank statements, oldest first. */
export function AdminDepositsScreen() {
  const pending = usePendingDeposits();
  return (
    <section>
      <ScreenTitle title="Pending deposits">Check each claim against the wallet or bank statement, then confirm what arrived or reject it.</ScreenTitle>
      <QueueTable
        caption="Pending deposits, oldest first"
        columns={ADMIN_DEPOSIT_COLUMNS}
        items={pending.data?.deposits}
        isPending={pending.isPending}
        isError={pending.isError}
        loadError="Pending deposits could not be loaded. Reload the page to try again."
        empty="No deposits are waiting for a decision."
        itemKey={(deposit) => deposit.id}
        itemTestId="admin-deposit"
        decision={(deposit, onOutcome) => <AdminDepositDecision deposit={deposit} onOutcome={onOutcome} />}
      />
    </section>
  );
}
