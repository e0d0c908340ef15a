import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";
import { notification, user } from "../../db/schema.js";
import type { Logger } from "../../logger.js";
import type { Mailer } from "../../mail/mailer.js";

export interface NotificationInput {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string;
}

/** Stores the in-app notification in the caller's transaction. */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  await tx.insert(notification).values({ id: randomUUID(), link: null, ...input });
}

/**
 * The e-mail copy, sent after the transaction commits: a slow or failed mail server must not hold
 * or undo a money movement that already happened.
 */
export function mailNotification(deps: { mailer: Mailer; logger: Logger; siteName: string; publicUrl: string }, to: string, input: NotificationInput): void {
  const link = input.link ? `\n\n${deps.publicUrl}${input.link}` : "";
  deps.mailer
    .send({ to, subject: `${input.title} · ${deps.siteName}`, text: `${input.body}${link}\n\n${deps.siteName}` })
    .catch((error: unknown) => deps.logger.error({ err: error, kind: input.kind }, "notification mail failed"));
}

/** E-mails a batch of committed notifications, looking up each recipient's address. */
export async function mailNotifications(
  db: DbExecutor,
  deps: { mailer: Mailer; logger: Logger; siteName: string; publicUrl: string },
  notifications: NotificationInput[],
): Promise<void> {
  if (notifications.length === 0) return;
  const ids = [...new Set(notifications.map((item) => item.userId))];
  const rows = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids));
  const emails = new Map(rows.map((row) => [row.id, row.email]));
  for (const item of notifications) {
    const to = emails.get(item.userId);
    if (to) mailNotification(deps, to, item);
  }
}
