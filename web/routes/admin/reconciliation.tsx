import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { Alert } from "#web/components/ui/alert.js";
import { ADMIN_RECONCILIATION_PATH, useReconciliation } from "#web/features/admin-reconciliation/api/admin-reconciliation.js";
import { LedgerCheck } from "#web/features/admin-reconciliation/components/ledger-check.js";
import { RECONCILIATION_COLUMNS, RECONCILIATION_FILTERS } from "#web/features/admin-reconciliation/components/reconciliation-columns.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/reconciliation: per day, the business beside the platform accounts; any difference marked. */
export function AdminReconciliationScreen() {
  const list = useListState("day");
  const report = useReconciliation(list.query);
  // One period is one page: the table's pager stays hidden.
  const page = report.data && { items: report.data.days, nextCursor: null, total: report.data.days.length, totalCapped: false };
  return (
    <section className="flex flex-col gap-6">
      <ScreenTitle title="Reconciliation">
        Each day&apos;s confirmed deposits, paid payouts and profit beside the platform accounts that must mirror them, and what users were owed at the close.
      </ScreenTitle>
      <LedgerCheck />
      {report.data && (
        <Alert tone={report.data.daysWithDifferences === 0 ? "success" : "error"}>
          {report.data.daysWithDifferences === 0
            ? `${report.data.from} to ${report.data.to}: every day matches.`
            : `${report.data.from} to ${report.data.to}: ${report.data.daysWithDifferences} day${report.data.daysWithDifferences === 1 ? "" : "s"} with a difference, marked below.`}
        </Alert>
      )}
      <DataTable
        caption="Reconciliation by day"
        columns={RECONCILIATION_COLUMNS}
        query={{ ...report, data: page }}
        loadError={report.error?.message ?? "The reconciliation could not be loaded. Reload the page to try again."}
        empty="No days in this period."
        itemKey={(day) => day.day}
        itemTestId="reconciliation-day"
        list={list}
        filters={<FilterBar label="Choose the period" fields={RECONCILIATION_FILTERS} list={list} />}
        csvHref={`${ADMIN_RECONCILIATION_PATH}?${list.csvQuery}`}
      />
    </section>
  );
}
