import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { ADMIN_PAYOUTS_PATH, useAdminPayouts } from "#web/features/payouts/api/admin-payouts.js";
import { ADMIN_PAYOUT_COLUMNS, ADMIN_PAYOUT_FILTERS } from "#web/features/payouts/components/admin-payout-columns.js";
import { AdminPayoutTerms } from "#web/features/payouts/components/admin-payout-bitcoin.js";
import { AdminPayoutDecision } from "#web/features/payouts/components/admin-payout-decision.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/payouts: every payout, filtered and paged on the server; a requested one opens its decision under its row. */
export function AdminPayoutsScreen() {
  // A queue: it opens on what waits for a decision, newest first (Created sorts oldest first); "All" in Status shows the rest.
  const list = useListState("-createdAt", { status: "requested" });
  const payouts = useAdminPayouts(list.query);
  return (
    <section>
      <ScreenTitle title="Payouts">
        Send each amount to the wallet address shown, then mark it paid with the transaction ID. A large payout needs a second admin&apos;s approval first, and whoever approves it
        cannot mark it paid. Reject a payout to return the held amount to the user.
      </ScreenTitle>
      <AdminPayoutTerms />
      <DataTable
        caption="Payouts"
        columns={ADMIN_PAYOUT_COLUMNS}
        query={payouts}
        loadError="Payouts could not be loaded. Reload the page to try again."
        empty="No payouts match these filters."
        itemKey={(payout) => payout.id}
        itemTestId="admin-payout"
        list={list}
        filters={<FilterBar label="Filter payouts" fields={ADMIN_PAYOUT_FILTERS} list={list} />}
        csvHref={`${ADMIN_PAYOUTS_PATH}?${list.csvQuery}`}
        rowAction={{
          label: (payout) => (payout.status === "requested" ? "Review" : undefined),
          panel: (payout, onOutcome) => <AdminPayoutDecision payout={payout} onOutcome={onOutcome} />,
        }}
      />
    </section>
  );
}
