import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { NotificationDto } from "#shared/schemas/notifications.js";
import { useMarkRead, useNotifications } from "../api/notifications.js";
import { NotificationPanel } from "./notification-panel.js";

/**
 * The top bar's bell: unread count on the badge and in the accessible name, a dropdown with the
 * list. The panel is positioned against the nearest positioned ancestor (the top bar's right-hand
 * group), so on a phone it stays inside the screen.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const openOne = (notification: NotificationDto, navigates: boolean) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    if (navigates) setOpen(false);
  };

  return (
    <div ref={wrapper}>
      <button
        ref={button}
        type="button"
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : "Notifications"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50"
      >
        <Bell aria-hidden="true" className="size-6" />
        {unread > 0 && (
          <span aria-hidden="true" data-testid="unread-badge" className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-xs leading-5 font-semibold text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          list={notifications.data}
          failed={notifications.isError}
          onOpen={openOne}
          onMarkAll={() => markRead.mutate(null)}
          onSeeAll={() => setOpen(false)}
        />
      )}
    </div>
  );
}
