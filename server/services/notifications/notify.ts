import { sql, type SQL } from "drizzle-orm";
import type { NotificationKind } from "#shared/schemas/notifications.js";
import type { DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queryPreparedSql } from "#server/db/prepared-query.js";
import { jobForRows } from "#server/jobs/enqueue.js";
import { JOBS } from "#server/jobs/queues.js";
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
 * The writes of `inputs` as CTEs to place in a WITH (after a comma, or first): the notifications,
 * each one's e-mail copy to the address the user has now (`notify_mail`, its ids) and one send
 * job naming every copy. Each array is one parameter (server/db/pg-array.ts), however many notifications, so the
 * text is the same for every call; ids are made by the database in input order. `when` is a
 * condition over each input row `t` (columns user_id, kind, title, body, subject_id, link): a
 * notification is written only where it holds (the transfers a statement actually sent).
 */
export async function notificationWrites(inputs: readonly NotificationInput[], when: SQL = sql`true`): Promise<SQL> {
  const column = (pick: (input: NotificationInput) => string | null) => pgArray(inputs.map(pick));
  const jobs = await jobForRows(JOBS.sendMail, "notify_mail");
  return sql`notify_input as (
      select * from unnest(${column((input) => input.userId)}::text[], ${column((input) => input.kind)}::text[],
        ${column((input) => input.title)}::text[], ${column((input) => input.body)}::text[],
        ${column((input) => input.subjectId)}::text[], ${column((input) => notificationLink(input.kind, input.subjectId))}::text[])
        with ordinality as t(user_id, kind, title, body, subject_id, link, n)
      where ${when}
    ), notify_stored as (
      insert into notification (id, user_id, kind, title, body, subject_id)
      select time_ordered_uuid(), t.user_id, t.kind, t.title, t.body, t.subject_id from notify_input t order by t.n
    ), notify_mail as (
      insert into outgoing_mail (id, kind, "to", subject, text, link)
      select time_ordered_uuid(), t.kind, u.email, t.title, t.body, t.link from notify_input t join "user" u on u.id = t.user_id order by t.n
      returning id
    ), notify_jobs as (${jobs})`;
}

/**
 * Stores in-app notifications, queues their e-mail copies and the copies' send jobs, all in the
 * caller's transaction and in one statement: the money movement, the notifications and the mail
 * commit or vanish together. Each mail carries the same link the bell shows, derived from the kind
 * and the subject. Returns the queued mails' ids.
 */
export async function notifyAll(tx: DbExecutor, inputs: readonly NotificationInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await queryPreparedSql<{ id: string }>(tx, "notify_all_v2", sql`with ${await notificationWrites(inputs)} select id from notify_mail`);
  return rows.map((row) => row.id);
}

/** One notification and its e-mail copy (notifyAll for one). */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  await notifyAll(tx, [input]);
}
