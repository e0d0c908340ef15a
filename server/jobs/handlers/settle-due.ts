import { recordSettlementRun, type SettlementRunRecord } from "#server/services/admin-overview/settlement-run.js";
import { settleDue } from "#server/services/investments/settle-due.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * Maturity settlement; each payment has its own journal key, so a run repeated after a crash pays
 * nothing twice. Each run, paid or failed, is recorded for the back office's overview (decision 0033);
 * losing that row never stops settlement, and a failed run still throws so the queue retries it.
 */
export const settleDueJob =
  (deps: JobDeps): JobHandler =>
  () =>
    settleAndRecord(deps);

export async function settleAndRecord(deps: Pick<JobDeps, "db" | "clock" | "logger" | "settlementWorkers">): Promise<void> {
  const startedAt = deps.clock.now();
  let record: SettlementRunRecord;
  let failure: unknown;
  try {
    const run = await settleDue(deps.db, startedAt, { workers: deps.settlementWorkers });
    record = { startedAt, finishedAt: deps.clock.now(), settled: run.settled, profitCents: run.profitCents, error: null };
    if (run.settled > 0) deps.logger.info({ settled: run.settled }, "settled matured investments");
  } catch (error) {
    failure = error;
    record = { startedAt, finishedAt: deps.clock.now(), settled: 0, profitCents: 0n, error: error instanceof Error ? error.message : String(error) };
  }
  try {
    await recordSettlementRun(deps.db, record);
  } catch (error) {
    deps.logger.error({ err: error }, "recording the settlement run failed");
  }
  if (failure !== undefined) throw failure;
}
