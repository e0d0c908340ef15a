import { and, count, desc, eq, isNull } from "drizzle-orm";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationListDto, type NotificationQuery } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { notification } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { notificationLink } from "./notification-link.js";

/** One page of the caller's notifications, newest first, with how many there are and how many are unread. */
export async function listNotifications(db: DbExecutor, userId: string, query: NotificationQuery = {}): Promise<NotificationListDto> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
  const mine = eq(notification.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db.select().from(notification).where(mine).orderBy(desc(notification.createdAt), desc(notification.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count(), unread: count(notification.readAt) }).from(notification).where(mine),
  ]);
  const total = counts?.total ?? 0;
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: notificationLink(row.kind, row.subjectId),
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total,
    unread: total - (counts?.unread ?? 0),
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
