import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { ADMIN_USERS_PATH, useAdminUsers } from "#web/features/admin-users/api/admin-users.js";
import { USER_COLUMNS, USER_FILTERS } from "#web/features/admin-users/components/user-columns.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/users: every account, searched, filtered, sorted and paged on the server; each opens its detail. */
export function AdminUsersScreen() {
  const list = useListState("-createdAt");
  const users = useAdminUsers(list.query);
  return (
    <section>
      <ScreenTitle title="Users">Find an account by e-mail, name or ID, then open it to see its money, sessions and history.</ScreenTitle>
      <DataTable
        caption="Users"
        columns={USER_COLUMNS}
        query={users}
        loadError={users.error?.message ?? "Users could not be loaded. Reload the page to try again."}
        empty="No users match these filters."
        itemKey={(user) => user.id}
        itemTestId="admin-user"
        list={list}
        filters={<FilterBar label="Filter users" fields={USER_FILTERS} list={list} />}
        csvHref={`${ADMIN_USERS_PATH}?${list.csvQuery}`}
      />
    </section>
  );
}
