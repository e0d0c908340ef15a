import { useState } from "react";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationDto } from "#shared/schemas/notifications.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { CursorPager } from "#web/components/ui/cursor-pager.js";
import { useCursorStack } from "#web/components/ui/use-cursor-stack.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useMarkRead, useNotificationPage } from "../api/notifications.js";
import { NotificationItem } from "./notification-item.js";

/** Every notification, a server page at a time, newest first ("Older" / "Newer"), with "Mark all as read" for all pages. */
export function NotificationList() {
  const pages = useCursorStack();
  const list = useNotificationPage(pages.cursor, NOTIFICATIONS_PAGE_SIZE);
  const markRead = useMarkRead();
  const [now] = useState(() => Date.now());

  if (list.isPending) return <Loading label="Loading notifications..." />;
  if (list.isError) return <Alert tone="error">Your notifications could not be loaded. Reload the page to try again.</Alert>;

  const { items: notifications, nextCursor, unread } = list.data;
  const none = notifications.length === 0 && pages.depth === 0;
  const open = (notification: NotificationDto) => {
    if (!notification.readAt) markRead.mutate(notification.id);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="notification-counts">
          {none ? "No notifications yet." : `${unread} unread.`}
        </p>
        <Button variant="secondary" onClick={() => markRead.mutate(null)} disabled={unread === 0 || markRead.isPending}>
          Mark all as read
        </Button>
      </div>
      {notifications.length > 0 && (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-card border border-slate-200 bg-white">
          {notifications.map((notification) => (
            <li key={notification.id} data-testid="notification">
              <NotificationItem notification={notification} now={now} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      {!none && notifications.length === 0 && <p className="rounded-card border border-slate-200 bg-white p-6 text-slate-700">This page is empty.</p>}
      <CursorPager stack={pages} nextCursor={nextCursor} busy={list.isPlaceholderData} labels={["Newer", "Older"]} />
    </div>
  );
}
