import { expireDeposits } from "#server/services/deposits/expire-deposits.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** One idempotent statement: pending deposits past their expiry become expired. */
export const expireDepositsJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const count = await expireDeposits(deps.db, deps.clock.now());
    if (count > 0) deps.logger.info({ count }, "expired pending deposits");
  };
