import { and, eq } from "drizzle-orm";
import type { AdminMailDto } from "#shared/schemas/admin-mail.js";
import type { DbExecutor } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { enqueueJob } from "#server/jobs/enqueue.js";
import { JOBS } from "#server/jobs/queues.js";
import { recordAudit } from "#server/services/audit/record-audit.js";
import { toAdminMail } from "./list-mail.js";

/**
 * An operator's retry of a dead message, in the caller's transaction: pending and due now, its
 * send job, and the audit entry land together. The update takes the row only while it is dead, so
 * a second retry (a double click, a retried request, another operator) changes and enqueues
 * nothing: on PostgreSQL it waits for the first to commit, then finds the row pending. The give-up
 * time still counts from when the message was queued, so a retry is one more try: if that fails,
 * the message is dead again with the new error.
 */
export async function retryMail(tx: DbExecutor, actorId: string, id: string, now: Date): Promise<AdminMailDto> {
  const [updated] = await tx
    .update(outgoingMail)
    .set({ status: "pending", nextAttemptAt: now })
    .where(and(eq(outgoingMail.id, id), eq(outgoingMail.status, "dead")))
    .returning();
  if (!updated) {
    const [current] = await tx.select({ status: outgoingMail.status }).from(outgoingMail).where(eq(outgoingMail.id, id));
    if (!current) throw new AppError("NOT_FOUND", "No such e-mail.");
    throw new AppError("CONFLICT", `This e-mail is ${current.status}, not dead: there is nothing to retry.`);
  }
  await enqueueJob(tx, JOBS.sendMail, { ids: [id] });
  await recordAudit(tx, {
    actorId,
    action: "mail.retry",
    targetType: "outgoing_mail",
    targetId: id,
    before: { status: "dead", attempts: updated.attempts, lastError: updated.lastError },
    after: { status: "pending" },
  });
  return toAdminMail(updated);
}
