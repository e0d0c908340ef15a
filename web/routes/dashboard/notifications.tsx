import { NotificationList } from "#web/features/notifications/components/notification-list.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/notifications: every notification, paged on the server by cursor ("Older" / "Newer"). */
export function NotificationsScreen() {
  return (
    <section className="mx-auto max-w-3xl">
      <ScreenTitle title="Notifications">Each one opens what it is about: the deposit, investment, payout, transfer or request.</ScreenTitle>
      <NotificationList />
    </section>
  );
}
