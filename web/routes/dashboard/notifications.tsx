import { useSearchParams } from "react-router";
import { NotificationList } from "#web/features/notifications/components/notification-list.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/notifications: every notification, paged on the server; the page is in the URL (?page=2). */
export function NotificationsScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return (
    <section className="mx-auto max-w-3xl">
      <ScreenTitle title="Notifications">Each one opens what it is about: the deposit, investment, payout, transfer or request.</ScreenTitle>
      <NotificationList page={page} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </section>
  );
}
