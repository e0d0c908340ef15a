import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { NotificationListDto } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { notification } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

export async function listNotifications(db: DbExecutor, userId: string, limit = 30): Promise<NotificationListDto> {
  const rows = await db.select().from(notification).where(eq(notification.userId, userId)).orderBy(desc(notification.createdAt), desc(notification.id)).limit(limit);
  const [unread] = await db.select({ value: count() }).from(notification).where(and(eq(notification.userId, userId), isNull(notification.readAt)));
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    unread: unread?.value ?? 0,
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

export async function markAllNotificationsRead(db: DbExecutor, userId: string, now = new Date()): Promise<void> {
  await db.update(notification).set({ readAt: now }).where(and(eq(notification.userId, userId), isNull(notification.readAt)));
}
