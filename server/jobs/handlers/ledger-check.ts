import { runLedgerCheck } from "#server/services/ledger/run-ledger-check.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** The daily ledger check; a repeated run stores one more result and, only if problems remain, mails again. */
export const ledgerCheckJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const result = await runLedgerCheck(deps.db, deps.clock.now());
    if (result.problemCount > 0) deps.logger.error({ problems: result.problemCount }, "the ledger check found problems");
    else deps.logger.info("ledger check: no problems");
  };
