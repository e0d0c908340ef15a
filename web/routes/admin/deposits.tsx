import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { ADMIN_DEPOSITS_PATH, useAdminDeposits } from "#web/features/deposits/api/admin-deposits.js";
import { ADMIN_DEPOSIT_COLUMNS, ADMIN_DEPOSIT_FILTERS } from "#web/features/deposits/components/admin-deposit-columns.js";
import { AdminDepositDecision } from "#web/features/deposits/components/admin-deposit-decision.js";
import { AdminInvoiceDecision } from "#web/features/deposits/components/admin-invoice-decision.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/deposits: every deposit, filtered and paged on the server; a pending one opens its decision under its row. */
export function AdminDepositsScreen() {
  // A queue: it opens on what waits for a decision, newest first (Created sorts oldest first); "All" in Status shows the rest.
  const list = useListState("-createdAt", { status: "pending" });
  const deposits = useAdminDeposits(list.query);
  return (
    <section>
      <ScreenTitle title="Deposits">Check each pending claim against the wallet or bank statement, then confirm what arrived or reject it. Bitcoin invoices credit themselves; one that expired paid short or late waits here (filter by its exception).</ScreenTitle>
      <DataTable
        caption="Deposits"
        columns={ADMIN_DEPOSIT_COLUMNS}
        query={deposits}
        loadError="Deposits could not be loaded. Reload the page to try again."
        empty="No deposits match these filters."
        itemKey={(deposit) => deposit.id}
        itemTestId="admin-deposit"
        list={list}
        filters={<FilterBar label="Filter deposits" fields={ADMIN_DEPOSIT_FILTERS} list={list} />}
        csvHref={`${ADMIN_DEPOSITS_PATH}?${list.csvQuery}`}
        rowAction={{
          // A claim waits while pending; an invoice only once it expired (paid short, late, or not at all).
          label: (deposit) => (deposit.status === "pending" || (deposit.status === "expired" && deposit.amountBtc) ? "Review" : undefined),
          panel: (deposit, onOutcome) =>
            deposit.amountBtc ? <AdminInvoiceDecision deposit={deposit} onOutcome={onOutcome} /> : <AdminDepositDecision deposit={deposit} onOutcome={onOutcome} />,
        }}
      />
    </section>
  );
}
