import { inArray } from "drizzle-orm";
import type { NotificationKind } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { notification, outgoingMail, user } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { queueMailJobs } from "../mail/enqueue-mail.js";
import { notificationLink } from "./notification-link.js";

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The id of the deposit, investment, payout, transfer or money request it is about. */
  subjectId: string;
}

/**
 * Stores in-app notifications, queues their e-mail copies (to the address each user has now) and
 * one send job naming every copy, all in the caller's transaction: the money movement, the
 * notifications and the mail commit or vanish together. Each mail carries the same link the bell
 * shows, derived from the kind and the subject. Returns the queued mails' ids.
 */
export async function notifyAll(tx: DbExecutor, inputs: readonly NotificationInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const userIds = [...new Set(inputs.map((input) => input.userId))];
  const addresses = new Map((await tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds))).map((row) => [row.id, row.email]));
  await tx.insert(notification).values(
    inputs.map((input) => ({ id: timeOrderedUuid(), userId: input.userId, kind: input.kind, title: input.title, body: input.body, subjectId: input.subjectId })),
  );
  const mails = inputs.flatMap((input) => {
    const to = addresses.get(input.userId);
    return to ? [{ id: timeOrderedUuid(), kind: input.kind, to, subject: input.title, text: input.body, link: notificationLink(input.kind, input.subjectId) }] : [];
  });
  if (mails.length > 0) await tx.insert(outgoingMail).values(mails);
  await queueMailJobs(
    tx,
    mails.map((mail) => mail.id),
  );
  return mails.map((mail) => mail.id);
}

/** One notification and its e-mail copy (notifyAll for one). */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  await notifyAll(tx, [input]);
}
