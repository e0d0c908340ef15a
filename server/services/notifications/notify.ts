import type { NotificationKind } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queryPrepared } from "#server/db/prepared-query.js";
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
 * One statement however many notifications: each array is one parameter (server/db/pg-array.ts),
 * ids are made by the database in input order, and each e-mail copy goes to the address the user
 * has now.
 */
const NOTIFY_ALL = {
  name: "notify_all_v1",
  text: `with t as (
      select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
        with ordinality as t(user_id, kind, title, body, subject_id, link, n)
    ), stored as (
      insert into notification (id, user_id, kind, title, body, subject_id)
      select time_ordered_uuid(), t.user_id, t.kind, t.title, t.body, t.subject_id from t order by t.n
    )
    insert into outgoing_mail (id, kind, "to", subject, text, link)
    select time_ordered_uuid(), t.kind, u.email, t.title, t.body, t.link from t join "user" u on u.id = t.user_id order by t.n
    returning id`,
};

/**
 * Stores in-app notifications and queues their e-mail copies, all in the caller's transaction and
 * in one statement (and their send jobs beside them): the money movement, the notifications and the mail commit or vanish together.
 * Each mail carries the same link the bell shows, derived from the kind and the subject. Returns
 * the queued mails' ids.
 */
export async function notifyAll(tx: DbExecutor, inputs: readonly NotificationInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const column = (pick: (input: NotificationInput) => string | null) => pgArray(inputs.map(pick));
  const rows = await queryPrepared<{ id: string }>(tx, NOTIFY_ALL.name, NOTIFY_ALL.text, [
    column((input) => input.userId),
    column((input) => input.kind),
    column((input) => input.title),
    column((input) => input.body),
    column((input) => input.subjectId),
    column((input) => notificationLink(input.kind, input.subjectId)),
  ]);
  const ids = rows.map((row) => row.id);
  await queueMailJobs(tx, ids);
  return ids;
}

/** One notification and its e-mail copy (notifyAll for one). */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  await notifyAll(tx, [input]);
}
