import { useState } from "react";
import { Link } from "react-router";
import type { NotificationDto, NotificationListDto } from "#shared/schemas/notifications.js";
import { Alert } from "#web/components/ui/alert.js";
import { NotificationItem } from "./notification-item.js";

interface Props {
  id: string;
  list: NotificationListDto | undefined;
  failed: boolean;
  onOpen: (notification: NotificationDto, navigates: boolean) => void;
  onMarkAll: () => void;
  /** Called when the "See all" link is followed, so the dropdown closes. */
  onSeeAll: () => void;
}

/** The bell's dropdown. Mounted only while open, so "5 minutes ago" is measured from the moment it opened. */
export function NotificationPanel({ id, list, failed, onOpen, onMarkAll, onSeeAll }: Props) {
  const [now] = useState(() => Date.now());
  return (
    <div
      id={id}
      role="region"
      aria-label="Notifications"
      className="absolute top-full right-0 z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-card border border-slate-200 bg-white shadow-xl"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-brand-900">Notifications</h2>
        <button
          type="button"
          onClick={onMarkAll}
          disabled={!list || list.unread === 0}
          className="min-h-11 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          Mark all as read
        </button>
      </div>
      {failed && !list && <Alert tone="error" className="m-4">Notifications could not be loaded.</Alert>}
      {!failed && !list && <p className="px-4 py-6 text-sm text-slate-700">Loading...</p>}
      {list && list.items.length === 0 && <p className="px-4 py-6 text-sm text-slate-700">No notifications yet.</p>}
      {list && list.items.length > 0 && (
        <ul className="max-h-[min(28rem,70vh)] divide-y divide-slate-200 overflow-y-auto">
          {list.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} now={now} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 px-4 py-2">
        <Link to="/dashboard/notifications" onClick={onSeeAll} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          See all notifications
        </Link>
      </div>
    </div>
  );
}
