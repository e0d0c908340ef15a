import { settleDue } from "#server/services/investments/settle-due.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** Maturity settlement; each payment has its own journal key, so a run repeated after a crash pays nothing twice. */
export const settleDueJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const run = await settleDue(deps.db, deps.clock.now(), { workers: deps.settlementWorkers });
    if (run.settled > 0) deps.logger.info({ settled: run.settled }, "settled matured investments");
  };
