import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#server/db/client.js";
import { releaseMailLeases } from "#server/services/mail/release-mail-leases.js";
import type { BossDb } from "./boss-db.js";
import type { JobDeps, JobHandler } from "./deps.js";
import { auditCheckJob } from "./handlers/audit-check.js";
import { auditSignInFailuresJob } from "./handlers/audit-sign-in-failures.js";
import { dailyFiguresJob } from "./handlers/daily-figures.js";
import { expireDepositsJob } from "./handlers/expire-deposits.js";
import { expireIdentityDocumentsJob } from "./handlers/expire-identity-documents.js";
import { ledgerCheckJob } from "./handlers/ledger-check.js";
import { mailSweep } from "./handlers/mail-sweep.js";
import { purgeIdentityFilesJob } from "./handlers/purge-identity-files.js";
import { maturityRemindersJob } from "./handlers/maturity-reminders.js";
import { sendMail } from "./handlers/send-mail.js";
import { settleDueJob } from "./handlers/settle-due.js";
import { statementNoticesJob } from "./handlers/statement-notices.js";
import { watchInvoicesJob } from "./handlers/watch-invoices.js";
import { JOBS, QUEUE_SCHEMA, SCHEDULES, type JobName } from "./queues.js";

export interface JobQueue {
  /** Look for work on these queues now instead of at the next poll (mail queued by a request). */
  wake(...names: JobName[]): void;
  /** Enqueue a run of scheduled work now (the test clock moved), and look for it at once. */
  runNow(...names: JobName[]): Promise<void>;
  /**
   * Stops taking jobs, lets the running ones finish for up to `STOP_WAIT_MS` and hands back
   * unfinished ones as failed (pg-boss retries them), then waits for the queue's last statements.
   */
  stop(): Promise<void>;
}

const HANDLERS: Record<JobName, (deps: JobDeps) => JobHandler> = {
  [JOBS.sendMail]: sendMail,
  [JOBS.mailSweep]: mailSweep,
  [JOBS.settleDue]: settleDueJob,
  [JOBS.expireDeposits]: expireDepositsJob,
  [JOBS.maturityReminders]: maturityRemindersJob,
  [JOBS.statementNotices]: statementNoticesJob,
  [JOBS.ledgerCheck]: ledgerCheckJob,
  [JOBS.auditCheck]: auditCheckJob,
  [JOBS.auditSignInFailures]: auditSignInFailuresJob,
  [JOBS.watchInvoices]: watchInvoicesJob,
  [JOBS.expireIdentityDocuments]: expireIdentityDocumentsJob,
  [JOBS.purgeIdentityFiles]: purgeIdentityFilesJob,
  [JOBS.dailyFigures]: dailyFiguresJob,
};

/** Within main.ts's 10-second forced exit, with room for the HTTP server and the database to close. */
export const STOP_WAIT_MS = 7_000;
/** Messages sent one after another per fetch; small enough to finish within STOP_WAIT_MS as a rule. */
const BATCH_SIZES: Partial<Record<JobName, number>> = { [JOBS.sendMail]: 10 };
/** How often an idle worker looks for jobs; a request that queues mail wakes the mail worker at once. */
const POLL_SECONDS = 2;

/**
 * Starts pg-boss on the server's database (decision 0030): its maintenance, its clock for the
 * schedules (each cron fires once across all servers) and one worker per queue. Settlement,
 * expiry and the mail sweep also run once at start, as the old interval loop did, and the daily
 * figures, so days missed while no server ran are summed without waiting for the hour.
 */
export async function startJobQueue(database: DatabaseHandle, deps: JobDeps, options: { schedules: boolean } = { schedules: true }): Promise<JobQueue> {
  const statements = trackStatements(database);
  const boss = new PgBoss({ db: statements.db, schema: QUEUE_SCHEMA, migrate: true, supervise: true, schedule: true });
  boss.on("error", (error) => deps.logger.error({ err: error }, "job queue error"));
  await boss.start();
  // Before any worker starts: a lease taken by this process's own worker must not be released.
  if (database.kind === "pglite") {
    const released = await releaseMailLeases(database.db, deps.clock.now());
    if (released > 0) deps.logger.warn({ released }, "mail left mid-send by a stopped process is due again");
  }

  // Told before pg-boss's bounded wait starts, so a batch hands back what it has not begun.
  const stopping = new AbortController();
  const handlerDeps: JobDeps = { ...deps, stopping: stopping.signal };
  const workers = new Map<JobName, string>();
  const wake = (...names: JobName[]) => {
    for (const name of names) {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    }
  };
  for (const name of Object.values(JOBS)) {
    const handle = HANDLERS[name](handlerDeps);
    const batchSize = BATCH_SIZES[name] ?? 1;
    const id = await boss.work<Record<string, unknown>>(name, { batchSize, pollingIntervalSeconds: POLL_SECONDS }, async (jobs) => {
      try {
        await handle(jobs);
        // pg-boss waits a whole polling interval after every batch, even a full one: with a backlog
        // (settlement's mail, a burst of sign-ups) that is one batch per two seconds. Fetch again now.
        if (jobs.length === batchSize) wake(name);
      } catch (error) {
        deps.logger.error({ err: error, queue: name, jobId: jobs[0]?.id }, "job failed; it will be retried");
        throw error;
      }
    });
    workers.set(name, id);
  }
  if (options.schedules) for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: "UTC" });

  const runNow = async (...names: JobName[]) => {
    for (const name of names) await boss.send(name, {});
    wake(...names);
  };
  await runNow(JOBS.settleDue, JOBS.expireDeposits, JOBS.mailSweep, JOBS.dailyFigures);

  // Automatic crypto deposits: this server asks for a watcher run every BITCOIN_POLL_SECONDS, at
  // most one per interval (pg-boss's throttle on this server's key), whichever server runs it.
  let poll: NodeJS.Timeout | undefined;
  if (deps.invoices) {
    const seconds = deps.invoices.settings.pollSeconds;
    const key = `server:${randomUUID()}`;
    const enqueueWatch = () =>
      boss
        .send(JOBS.watchInvoices, {}, { singletonKey: key, singletonSeconds: seconds })
        .then(() => wake(JOBS.watchInvoices))
        .catch((error: unknown) => deps.logger.warn({ err: error }, "could not enqueue the invoice watcher; trying at the next poll"));
    poll = setInterval(enqueueWatch, seconds * 1000);
    poll.unref();
    void enqueueWatch();
  }

  return {
    wake,
    runNow,
    async stop() {
      clearInterval(poll);
      stopping.abort();
      await boss.stop({ graceful: true, timeout: STOP_WAIT_MS, close: false });
      await statements.drain();
    },
  };
}

/**
 * pg-boss's database, with every statement it starts tracked, so stopping can wait for the last
 * one (a worker marks its job complete without awaiting it) before the database closes under it.
 *
 * A statement pg-boss starts after `drain()` (a worker's late `complete`, a timer of its own;
 * none of them awaited) would meet a closed database, and any answer we invent would be read as
 * a real one (`complete` reads `rows[0].count`, `fetch` reads rows as jobs) or thrown as an
 * unhandled rejection. So it never answers: pg-boss's chain waits on a stopping process. Nothing
 * is lost: a job left active expires and runs again.
 */
export function trackStatements(database: Pick<DatabaseHandle, "executeSql">): { db: BossDb; drain(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  let drained = false;
  return {
    db: {
      executeSql: (text, values) => {
        if (drained) return new Promise(() => {});
        const call = database.executeSql(text, values);
        inFlight.add(call);
        const forget = () => inFlight.delete(call);
        call.then(forget, forget);
        return call;
      },
    },
    async drain() {
      drained = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
