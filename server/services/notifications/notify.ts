import { sql } from "drizzle-orm";
import type { NotificationKind } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
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
 * Stores the in-app notification and queues its e-mail copy (row and send job), all in the caller's
 * transaction: the money movement, the notification and the mail commit or vanish together.
 * The mail carries the same link the bell shows, derived from the kind and the subject.
 */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  const link = notificationLink(input.kind, input.subjectId);
  const queued = (await tx.execute(sql`with stored as (
      insert into notification (id, user_id, kind, title, body, subject_id)
      values (${timeOrderedUuid()}, ${input.userId}, ${input.kind}, ${input.title}, ${input.body}, ${input.subjectId})
    )
    insert into outgoing_mail (id, kind, "to", subject, text, link)
    select ${timeOrderedUuid()}, ${input.kind}, email, ${input.title}, ${input.body}, ${link} from "user" where id = ${input.userId}
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  await queueMailJobs(tx, queued.rows.map((row) => row.id));
}
