import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";

export interface NotificationInput {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string;
}

/**
 * Stores the in-app notification and queues its e-mail copy, both in the caller's transaction and
 * in one statement: the money movement, the notification and the mail commit or vanish together.
 */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  const link = input.link ?? null;
  await tx.execute(sql`with stored as (
      insert into notification (id, user_id, kind, title, body, link)
      values (${timeOrderedUuid()}, ${input.userId}, ${input.kind}, ${input.title}, ${input.body}, ${link})
    )
    insert into outgoing_mail (id, kind, "to", subject, text, link)
    select ${timeOrderedUuid()}, ${input.kind}, email, ${input.title}, ${input.body}, ${link} from "user" where id = ${input.userId}`);
}
