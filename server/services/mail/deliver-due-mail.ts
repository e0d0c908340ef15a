import { and, eq, inArray, sql } from "drizzle-orm";
import { enqueueJob } from "#server/jobs/enqueue.js";
import { JOBS } from "#server/jobs/queues.js";
import type { Database } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import type { Logger } from "#server/logger.js";
import { brandMail, type MailSite } from "#server/mail/brand.js";
import { ADDRESS_ADDED_KIND } from "#server/mail/withdrawal-address-mails.js";
import type { Mailer } from "#server/mail/mailer.js";
import { queueMailJobs } from "./enqueue-mail.js";

/** Longer than any send can take (the SMTP transport times out well within it). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The longest one send may take (mailer.ts: 15 s to connect, 15 s for the greeting, 60 s idle), with room. */
export const SEND_BUDGET_MS = 2 * 60_000;
/** A message still failing this long after it was queued is given up and kept as dead. */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;

/** 30 s, 1 min, 2 min … doubling up to an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** Kinds whose text holds a one-time link: once sent, the stored copy loses the link. */
const ONE_TIME_LINK_KINDS = new Set(["password-reset", "verify-email", ADDRESS_ADDED_KIND]);

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  site: MailSite;
  /** Aborted when the server stops: a batch hands back what it has not sent instead of sending on. */
  stopping?: AbortSignal;
  /** A steady clock in ms (real time, whatever the app's clock says), for the lease left; tests replace it. */
  steadyMs?: () => number;
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
 *
 * The messages are sent one after another, so a slow mail server could take a batch past its
 * lease, and another server would claim and send the rest again: before each send, a batch whose
 * lease has less than SEND_BUDGET_MS left, or whose server is stopping, hands the rest back. And
 * every later write names the claim (its lease and attempt number), so a message whose lease ran
 * out and was claimed again is left to the new holder.
 */
export async function deliverDueMail(deps: DeliveryDeps, now: Date, limit = 20, onlyIds?: readonly string[]): Promise<DeliveryRun> {
  const steadyMs = deps.steadyMs ?? (() => performance.now());
  const claimedAt = steadyMs();
  const lease = new Date(now.getTime() + MAIL_LEASE_MS);
  // The due rows are picked once, in a materialized CTE: as `where id in (select … skip locked)`
  // the planner could run that pick again for every row of the table, which under a backlog of
  // 20,000 messages held one claim for a minute of CPU and blocked the others (decision 0039).
  const claimed = (await deps.db.execute(sql`with due as materialized (
      select id from outgoing_mail where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        ${onlyIds === undefined ? sql`` : sql`and id = any(${sql.param([...onlyIds])}::text[])`}
      order by next_attempt_at limit ${limit} for update skip locked)
    update outgoing_mail m set attempts = m.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz
    from due where m.id = due.id
    returning m.id, m.kind, m."to", m.subject, m.text, m.link, m.attempts, m.created_at`)) as unknown as { rows: ClaimedRow[] };
  const held = (row: ClaimedRow) => and(eq(outgoingMail.id, row.id), eq(outgoingMail.nextAttemptAt, lease), eq(outgoingMail.attempts, row.attempts));
  const lost = (row: ClaimedRow, outcome: string) =>
    deps.logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, outcome }, "mail lease ran out during the send; its new holder records it");

  const run: DeliveryRun = { sent: 0, failed: 0, dead: 0 };
  for (const [index, row] of claimed.rows.entries()) {
    if (deps.stopping?.aborted || steadyMs() - claimedAt > MAIL_LEASE_MS - SEND_BUDGET_MS) {
      await handBack(deps, claimed.rows.slice(index), lease, now);
      break;
    }
    try {
      await deps.mailer.send(brandMail(deps.site, row));
    } catch (error) {
      const dead = now.getTime() - new Date(row.created_at).getTime() >= MAIL_GIVE_UP_MS;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delayMs = retryDelayMs(row.attempts);
      const recorded = await deps.db.transaction(async (tx) => {
        const updated = await tx
          .update(outgoingMail)
          .set(dead ? { status: "dead", lastError } : { lastError, nextAttemptAt: new Date(now.getTime() + delayMs) })
          .where(held(row))
          .returning({ id: outgoingMail.id });
        if (updated.length > 0 && !dead) await enqueueJob(tx, JOBS.sendMail, { ids: [row.id] }, { startAfterSeconds: Math.ceil(delayMs / 1000) });
        return updated.length > 0;
      });
      if (!recorded) lost(row, "failed");
      deps.logger.warn({ err: error, mailId: row.id, kind: row.kind, attempts: row.attempts, dead }, "mail not sent");
      if (dead) run.dead++;
      else run.failed++;
      continue;
    }
    const text = ONE_TIME_LINK_KINDS.has(row.kind) ? "(This message held a one-time link; it was removed after sending.)" : row.text;
    const marked = await deps.db.update(outgoingMail).set({ status: "sent", sentAt: now, lastError: null, text }).where(held(row)).returning({ id: outgoingMail.id });
    if (marked.length === 0) lost(row, "sent");
    run.sent++;
  }
  return run;
}

/**
 * Claimed messages not sent: due again as they were, the claim not counted as a try, each with a
 * new job (the batch's own jobs complete), so the next run (here or on another server) sends them.
 */
async function handBack(deps: DeliveryDeps, rows: readonly ClaimedRow[], lease: Date, now: Date): Promise<void> {
  const ids = rows.map((row) => row.id);
  const returned = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(outgoingMail)
      .set({ attempts: sql`${outgoingMail.attempts} - 1`, nextAttemptAt: now })
      .where(and(inArray(outgoingMail.id, ids), eq(outgoingMail.nextAttemptAt, lease), eq(outgoingMail.status, "pending")))
      .returning({ id: outgoingMail.id });
    await queueMailJobs(tx, updated.map(({ id }) => id));
    return updated.length;
  });
  const reason = deps.stopping?.aborted ? "the server is stopping" : "the lease is running out";
  deps.logger.info({ returned, reason }, "mail batch stopped; its unsent messages are due again");
}
