import type { Database } from "./db/client.js";
import type { Logger } from "./logger.js";
import { expireDeposits } from "./services/deposits/expire-deposits.js";

const TEN_MINUTES = 10 * 60_000;

/**
 * Periodic housekeeping. Every server runs it; each job is a single idempotent statement, so
 * several servers running it at once do no harm.
 */
export function startJobs(db: Database, logger: Logger): () => void {
  const run = () =>
    expireDeposits(db).then(
      (count) => count > 0 && logger.info({ count }, "expired pending deposits"),
      (error: unknown) => logger.error({ err: error }, "deposit expiry failed"),
    );
  void run();
  const timer = setInterval(run, TEN_MINUTES);
  timer.unref();
  return () => clearInterval(timer);
}
