import { eq, sql } from "drizzle-orm";
import { enqueueJob } from "#server/jobs/enqueue.js";
import { JOBS } from "#server/jobs/queues.js";
import type { Database } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { outgoingMail } from "#server/db/schema.js";
import type { Logger } from "#server/logger.js";
import { brandMail, type MailSite } from "#server/mail/brand.js";
import type { Mailer } from "#server/mail/mailer.js";

/** Longer than any send can take (the SMTP transport times out well within it). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** A message still failing this long after it was queued is given up and kept as dead. */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;

/** 30 s, 1 min, 2 min … doubling up to an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** Kinds whose text holds a one-time link: once sent, the stored copy loses the link. */
const ONE_TIME_LINK_KINDS = new Set(["password-reset", "verify-email"]);

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  site: MailSite;
}

export interface DeliveryRun {
  sent: number;
  failed: number;
  dead: number;
}

interface ClaimedRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  attempts: number;
  created_at: string | Date;
}

/**
 * Sends due messages: those `onlyIds` names (a batch of their queue jobs, decision 0030, claimed
 * in one statement), else up to `limit` (the sweep). Each is claimed first in its own short statement (attempts + 1, leased until
 * now + MAIL_LEASE_MS, SKIP LOCKED so servers never claim the same row), then sent outside any
 * transaction, then marked sent. A process that dies after the SMTP server accepted but before the
 * mark sends that one message again when the lease ends; that window is one UPDATE long. A failed
 * try sets the next one and enqueues its job in one transaction.
 */
export async function deliverDueMail(deps: DeliveryDeps, now: Date, limit = 20, onlyIds?: readonly string[]): Promise<DeliveryRun> {
  const claimed = (await deps.db.execute(sql`update outgoing_mail set attempts = attempts + 1,
      next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS).toISOString()}::timestamptz
    where id in (
      select id from outgoing_mail where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        ${onlyIds === undefined ? sql`` : sql`and id = any(${pgArray([...onlyIds])}::text[])`}
      order by next_attempt_at limit ${limit} for update skip locked)
    returning id, kind, "to", subject, text, link, attempts, created_at`)) as unknown as { rows: ClaimedRow[] };

  const run: DeliveryRun = { sent: 0, failed: 0, dead: 0 };
  for (const row of claimed.rows) {
    try {
      await deps.mailer.send(brandMail(deps.site, row));
    } catch (error) {
      const dead = now.getTime() - new Date(row.created_at).getTime() >= MAIL_GIVE_UP_MS;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delayMs = retryDelayMs(row.attempts);
      await deps.db.transaction(async (tx) => {
        await tx
          .update(outgoingMail)
          .set(dead ? { status: "dead", lastError } : { lastError, nextAttemptAt: new Date(now.getTime() + delayMs) })
          .where(eq(outgoingMail.id, row.id));
        if (!dead) await enqueueJob(tx, JOBS.sendMail, { id: row.id }, { startAfterSeconds: Math.ceil(delayMs / 1000) });
      });
      deps.logger.warn({ err: error, mailId: row.id, kind: row.kind, attempts: row.attempts, dead }, "mail not sent");
      if (dead) run.dead++;
      else run.failed++;
      continue;
    }
    const text = ONE_TIME_LINK_KINDS.has(row.kind) ? "(This message held a one-time link; it was removed after sending.)" : row.text;
    await deps.db.update(outgoingMail).set({ status: "sent", sentAt: now, lastError: null, text }).where(eq(outgoingMail.id, row.id));
    run.sent++;
  }
  return run;
}
