import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { ADMIN_VERIFICATIONS_PATH, useAdminVerifications } from "#web/features/admin-verifications/api/admin-verifications.js";
import { ADMIN_VERIFICATION_COLUMNS, ADMIN_VERIFICATION_FILTERS } from "#web/features/admin-verifications/components/verification-columns.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/verifications: the identity queue, oldest submission first; each case opens on its own page. */
export function AdminVerificationsScreen() {
  // A queue: it opens on the cases waiting for a decision, oldest first; "Status" shows the rest.
  const list = useListState("submittedAt", { status: "open" });
  const cases = useAdminVerifications(list.query);
  return (
    <section>
      <ScreenTitle title="Identity checks">
        Open a case, assign it to yourself, check the details against the files, then approve it, reject it or ask for new documents. Money leaves an account only once its
        identity is approved.
      </ScreenTitle>
      <DataTable
        caption="Identity checks"
        columns={ADMIN_VERIFICATION_COLUMNS}
        query={cases}
        loadError="The identity checks could not be loaded. Reload the page to try again."
        empty="No identity checks match these filters."
        itemKey={(item) => item.id}
        itemTestId="admin-verification"
        list={list}
        filters={<FilterBar label="Filter identity checks" fields={ADMIN_VERIFICATION_FILTERS} list={list} />}
        csvHref={`${ADMIN_VERIFICATIONS_PATH}?${list.csvQuery}`}
      />
    </section>
  );
}
