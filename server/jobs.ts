import type { Clock } from "./clock.js";
import type { Database } from "./db/client.js";
import type { Logger } from "./logger.js";
import { expireDeposits } from "./services/deposits/expire-deposits.js";
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
 * expiry every ten minutes (one idempotent statement). Both also run at start.
 */
export function startJobs(deps: JobDeps): () => void {
  const { db, logger, clock } = deps;
  let settling = false;
  const settle = async () => {
    if (settling) return;
    settling = true;
    try {
      const run = await settleDue(db, clock.now(), { workers: deps.settlementWorkers });
      if (run.settled > 0) {
        logger.info({ settled: run.settled }, "settled matured investments");
        deps.onSettled();
      }
    } catch (error) {
      logger.error({ err: error }, "settlement failed");
    } finally {
      settling = false;
    }
  };
  const expire = () =>
    expireDeposits(db, clock.now()).then(
      (count) => count > 0 && logger.info({ count }, "expired pending deposits"),
      (error: unknown) => logger.error({ err: error }, "deposit expiry failed"),
    );
  void settle();
  void expire();
  const timers = [setInterval(settle, MINUTE), setInterval(expire, 10 * MINUTE)];
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
