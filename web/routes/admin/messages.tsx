import { DataTable } from "#web/components/admin/data-table.js";
import { FilterBar } from "#web/components/admin/filter-bar.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { useAdminMessages } from "#web/features/admin-messages/api/admin-messages.js";
import { MESSAGE_COLUMNS, MESSAGE_FILTERS } from "#web/features/admin-messages/components/message-columns.js";
import { MessagePanel } from "#web/features/admin-messages/components/message-panel.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/messages: the contact form's messages, newest first; a row opens the message, its reply and archive. */
export function AdminMessagesScreen() {
  const list = useListState("-createdAt");
  const messages = useAdminMessages(list.query);
  return (
    <section>
      <ScreenTitle title="Messages">What visitors wrote through the contact form. Answer by e-mail from here, or archive what needs no answer.</ScreenTitle>
      <DataTable
        caption="Contact messages"
        columns={MESSAGE_COLUMNS}
        query={messages}
        loadError={messages.error?.message ?? "The messages could not be loaded. Reload the page to try again."}
        empty="No messages match this filter."
        itemKey={(message) => message.id}
        itemTestId="contact-message"
        list={list}
        filters={<FilterBar label="Filter messages" fields={MESSAGE_FILTERS} list={list} />}
        rowAction={{
          label: (message) => (message.status === "new" ? "Reply" : "Open"),
          panel: (message, onOutcome) => <MessagePanel message={message} onOutcome={onOutcome} />,
        }}
      />
    </section>
  );
}
