import { and, count, eq, isNull } from "drizzle-orm";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationListDto, type NotificationQuery } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { notification } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { newestFirst } from "../paging/keyset.js";
import { notificationLink } from "./notification-link.js";

/** One page of the caller's notifications, newest first, with how many of all of them are unread. */
export async function listNotifications(db: DbExecutor, userId: string, query: NotificationQuery = {}): Promise<NotificationListDto> {
  const mine = eq(notification.userId, userId);
  const page = newestFirst(notification.createdAt, notification.id, { cursor: query.cursor, limit: query.limit ?? NOTIFICATIONS_PAGE_SIZE });
  const [rows, [counts]] = await Promise.all([
    db.select({ row: notification, ...page.fields }).from(notification).where(and(mine, page.where)).orderBy(...page.orderBy).limit(page.readLimit),
    db.select({ unread: count() }).from(notification).where(and(mine, isNull(notification.readAt))),
  ]);
  const { rows: shown, nextCursor } = page.page(rows);
  return {
    items: shown.map(({ row }) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: notificationLink(row.kind, row.subjectId),
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
    unread: counts?.unread ?? 0,
  };
}

/** Only the owner's own notification; another user's id answers 404 like a missing one. */
export async function markNotificationRead(db: DbExecutor, userId: string, id: string, now = new Date()): Promise<void> {
  const updated = await db
    .update(notification)
    .set({ readAt: now })
    .where(and(eq(notification.id, id), eq(notification.userId, userId)))
    .returning({ id: notification.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", "No such notification.");
}

/** Every unread notification of the caller, on every page, becomes read. */
export async function markAllNotificationsRead(db: DbExecutor, userId: string, now = new Date()): Promise<void> {
  await db.update(notification).set({ readAt: now }).where(and(eq(notification.userId, userId), isNull(notification.readAt)));
}
