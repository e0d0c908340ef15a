import { Link } from "react-router";
import type { NotificationDto } from "#shared/schemas/notifications.js";
import { cn } from "#web/lib/cn.js";
import { formatDateTime, formatRelative } from "#web/lib/format-date.js";

/** Only in-app paths are followed; anything else (another origin, javascript:) is shown without a link. */
function safeLink(link: string | null): string | null {
  return link && link.startsWith("/") && !link.startsWith("//") ? link : null;
}

interface Props {
  notification: NotificationDto;
  now: number;
  onOpen: (notification: NotificationDto, navigates: boolean) => void;
}

export function NotificationItem({ notification, now, onOpen }: Props) {
  const unread = !notification.readAt;
  const to = safeLink(notification.link);
  const className = cn("flex w-full min-w-0 flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50", unread && "bg-brand-50/60");
  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />}
        <span className={cn("min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]", unread ? "font-semibold" : "font-medium")}>
          {unread && <span className="sr-only">Unread: </span>}
          {notification.title}
        </span>
      </span>
      {/* Bodies hold transaction hashes and wallet addresses: long words break anywhere rather than widen the panel. */}
      <span className="text-sm text-slate-700 [overflow-wrap:anywhere]">{notification.body}</span>
      <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)} className="text-xs text-slate-600">
        {formatRelative(notification.createdAt, now)}
      </time>
    </>
  );
  return to ? (
    <Link to={to} className={className} onClick={() => onOpen(notification, true)}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={() => onOpen(notification, false)}>
      {content}
    </button>
  );
}
