import { and, eq, isNull } from "drizzle-orm";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationListDto, type NotificationQuery } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { queryPrepared } from "#server/db/prepared-query.js";
import { notification } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { notificationLink } from "./notification-link.js";

/**
 * One statement, prepared once per connection: the bell loads this on every dashboard view. The
 * counts come first, so a page past the end still answers them; both parts walk
 * notification_user_id_created_at_idx for this user only. Through drizzle's builder this was two
 * statements, each built and planned on every call (decision 0043).
 */
const PAGE = {
  name: "notifications_page_v1",
  text: `select c.total, c.unread, n.id, n.kind, n.title, n.body, n.subject_id, n.read_at, n.created_at
    from (select count(*)::integer as total, (count(*) filter (where read_at is null))::integer as unread
      from notification where user_id = $1) c
    left join lateral (select id, kind, title, body, subject_id, read_at, created_at from notification
      where user_id = $1 order by created_at desc, id desc limit $2 offset $3) n on true
    order by n.created_at desc, n.id desc`,
};

type Row = {
  total: number;
  unread: number;
  // Null on the one row a page without notifications answers.
  id: string | null;
  kind: string;
  title: string;
  body: string;
  subject_id: string | null;
  read_at: Date | null;
  created_at: Date;
};

/** One page of the caller's notifications, newest first, with how many there are and how many are unread. */
export async function listNotifications(db: DbExecutor, userId: string, query: NotificationQuery = {}): Promise<NotificationListDto> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
  const rows = await queryPrepared<Row>(db, PAGE.name, PAGE.text, [userId, pageSize, (page - 1) * pageSize]);
  return {
    notifications: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: notificationLink(row.kind, row.subject_id),
        readAt: row.read_at?.toISOString() ?? null,
        createdAt: row.created_at.toISOString(),
      })),
    page,
    pageSize,
    total: rows[0]?.total ?? 0,
    unread: rows[0]?.unread ?? 0,
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
