import type { DbExecutor } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { enqueueJob } from "#server/jobs/enqueue.js";
import { JOBS } from "#server/jobs/queues.js";

export interface OutgoingMessage {
  /** What it is about, for operators and logs: a notification kind, "password-reset", … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** A path on our site; the deliverer makes it absolute. */
  link?: string | null;
}

/**
 * Queues a message in the caller's transaction: its `outgoing_mail` row (the record operators see)
 * and the job that sends it. It is sent only if that transaction commits, and then surely,
 * whatever happens to the mail server or this process afterwards.
 */
export async function enqueueMail(tx: DbExecutor, message: OutgoingMessage): Promise<void> {
  const id = timeOrderedUuid();
  await tx.insert(outgoingMail).values({ id, link: null, ...message });
  await queueMailJobs(tx, [id]);
}

/** One send job for the messages already stored in `outgoing_mail` by the caller's transaction. */
export async function queueMailJobs(tx: DbExecutor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await enqueueJob(tx, JOBS.sendMail, { ids });
}
