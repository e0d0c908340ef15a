import type { Clock } from "./clock.js";
import type { Database } from "./db/client.js";
import type { Logger } from "./logger.js";
import { flushSignInFailures } from "./services/audit/sign-in-failures.js";
import { expireDeposits } from "./services/deposits/expire-deposits.js";
import { recordSettlementRun, type SettlementRunRecord } from "./services/admin-overview/settlement-run.js";
import { settleDue } from "./services/investments/settle-due.js";

const MINUTE = 60_000;

export interface JobDeps {
  db: Database;
  /** Settlers this server runs at once (settleDue's `workers`). */
  settlementWorkers: number;
  logger: Logger;
  clock: Clock;
  /** Called after a run that paid something: its notification mails are queued. */
  onSettled: () => void;
}

/**
 * Periodic work, run by every server: maturity settlement each minute (safe in parallel: each
 * batch claims its rows with SKIP LOCKED and each payment has its own journal key) and deposit
 * expiry every ten minutes (one idempotent statement), and every five minutes the finished hours of
 * wrong passwords become audit entries (flushSignInFailures). All three also run at start. Each run handles
 * its own errors, and stopping waits for the runs in flight, so none meets a closed database.
 * (The background-work issue moves these onto a job queue.)
 */
export function startJobs(deps: JobDeps): () => Promise<void> {
  const { db, logger, clock } = deps;
  const running = new Set<Promise<void>>();
  const track = (work: () => Promise<void>) => () => {
    const run = work().finally(() => running.delete(run));
    running.add(run);
  };
  let settling = false;
  const settle = async () => {
    if (settling) return;
    settling = true;
    const startedAt = clock.now();
    let record: SettlementRunRecord;
    try {
      const run = await settleDue(db, startedAt, { workers: deps.settlementWorkers });
      record = { startedAt, finishedAt: clock.now(), settled: run.settled, profitCents: run.profitCents, error: null };
      if (run.settled > 0) {
        logger.info({ settled: run.settled }, "settled matured investments");
        deps.onSettled();
      }
    } catch (error) {
      logger.error({ err: error }, "settlement failed");
      record = { startedAt, finishedAt: clock.now(), settled: 0, profitCents: 0n, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      // The back office's overview shows the last run (decision 0033); losing this row never stops settlement.
      await recordSettlementRun(db, record);
    } catch (error) {
      logger.error({ err: error }, "recording the settlement run failed");
    } finally {
      settling = false;
    }
  };
  const expire = async () => {
    try {
      const count = await expireDeposits(db, clock.now());
      if (count > 0) logger.info({ count }, "expired pending deposits");
    } catch (error) {
      logger.error({ err: error }, "deposit expiry failed");
    }
  };
  const auditSignInFailures = async () => {
    try {
      await flushSignInFailures(db, clock.now());
    } catch (error) {
      logger.error({ err: error }, "recording sign-in failures in the audit log failed");
    }
  };
  const runSettle = track(settle);
  const runExpire = track(expire);
  const runAuditSignInFailures = track(auditSignInFailures);
  runSettle();
  runExpire();
  runAuditSignInFailures();
  const timers = [setInterval(runSettle, MINUTE), setInterval(runExpire, 10 * MINUTE), setInterval(runAuditSignInFailures, 5 * MINUTE)];
  for (const timer of timers) timer.unref();
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running);
  };
}
