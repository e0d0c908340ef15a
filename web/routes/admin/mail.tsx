import { DataTable } from "#web/components/admin/data-table.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { useAdminMail } from "#web/features/admin-mail/api/admin-mail.js";
import { DEAD_MAIL_COLUMNS } from "#web/features/admin-mail/components/dead-mail-columns.js";
import { RetryMailButton } from "#web/features/admin-mail/components/retry-mail-button.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/mail: e-mail the mail server refused for a whole day, newest first, each with a Retry. */
export function AdminMailScreen() {
  const list = useListState("-createdAt");
  const dead = useAdminMail(list.query);
  return (
    <section>
      <ScreenTitle title="Undelivered e-mail">
        These messages were tried for a day and never accepted by the mail server. Fix the mail server first (the last error says why), then retry each one.
      </ScreenTitle>
      <DataTable
        caption="Undelivered e-mail, newest first"
        columns={DEAD_MAIL_COLUMNS}
        query={dead}
        loadError="Undelivered e-mail could not be loaded. Reload the page to try again."
        empty="Every e-mail was delivered: nothing is waiting for a retry."
        itemKey={(mail) => mail.id}
        itemTestId="admin-mail"
        list={list}
        rowAction={{ label: (mail) => (mail.status === "dead" ? "Retry" : undefined), panel: (mail, onOutcome) => <RetryMailButton mail={mail} onOutcome={onOutcome} /> }}
      />
    </section>
  );
}
