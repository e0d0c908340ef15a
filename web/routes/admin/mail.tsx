import { QueueTable } from "#web/components/admin/queue-table.js";
import { useDeadMail } from "#web/features/admin-mail/api/admin-mail.js";
import { DEAD_MAIL_COLUMNS } from "#web/features/admin-mail/components/dead-mail-columns.js";
import { RetryMailButton } from "#web/features/admin-mail/components/retry-mail-button.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/mail: e-mail the mail server refused for a whole day, newest first, each with a Retry. */
export function AdminMailScreen() {
  const dead = useDeadMail();
  return (
    <section>
      <ScreenTitle title="Undelivered e-mail">
        These messages were tried for a day and never accepted by the mail server. Fix the mail server first (the last error says why), then retry each one.
      </ScreenTitle>
      <QueueTable
        caption="Undelivered e-mail, newest first"
        columns={DEAD_MAIL_COLUMNS}
        items={dead.data?.mail}
        isPending={dead.isPending}
        isError={dead.isError}
        loadError="Undelivered e-mail could not be loaded. Reload the page to try again."
        empty="Every e-mail was delivered: nothing is waiting for a retry."
        itemKey={(mail) => mail.id}
        itemTestId="admin-mail"
        decision={(mail, onOutcome) => <RetryMailButton mail={mail} onOutcome={onOutcome} />}
      />
    </section>
  );
}
