import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { ADMIN_AUDIT_PATH, useAdminAudit } from "#web/features/admin-audit/api/admin-audit.js";
import { AUDIT_COLUMNS, AUDIT_FILTERS } from "#web/features/admin-audit/components/audit-columns.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/audit: every admin action and security event, newest first, filtered and paged on the server. */
export function AdminAuditScreen() {
  const list = useListState("-seq");
  const audit = useAdminAudit(list.query);
  return (
    <section>
      <ScreenTitle title="Audit log">
        Every operator action and security event. Entries are chained by hash and cannot be changed; check the chain with npm run audit -- verify.
      </ScreenTitle>
      <DataTable
        caption="Audit log"
        columns={AUDIT_COLUMNS}
        query={audit}
        loadError={audit.error?.message ?? "The audit log could not be loaded. Reload the page to try again."}
        empty="No entries match these filters."
        itemKey={(entry) => entry.id}
        itemTestId="audit-entry"
        list={list}
        filters={<FilterBar label="Filter the audit log" fields={AUDIT_FILTERS} list={list} />}
        csvHref={`${ADMIN_AUDIT_PATH}?${list.csvQuery}`}
      />
    </section>
  );
}
