import type { DbExecutor } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";

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
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and
 * then surely, whatever happens to the mail server or this process afterwards.
 */
export async function enqueueMail(tx: DbExecutor, message: OutgoingMessage): Promise<void> {
  await tx.insert(outgoingMail).values({ id: timeOrderedUuid(), link: null, ...message });
}
