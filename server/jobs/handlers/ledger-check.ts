import { nextLedgerScope, readLastLedgerCheck, runLedgerCheck } from "#server/services/ledger/run-ledger-check.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * The periodic ledger check: what changed since the last stored check and a slice of every account
 * (nextLedgerScope); a repeated run stores one more result and, only if it finds problems, mails again.
 */
export const ledgerCheckJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const now = deps.clock.now();
    const result = await runLedgerCheck(deps.db, now, nextLedgerScope(await readLastLedgerCheck(deps.db), now));
    if (result.problemCount > 0) deps.logger.error({ problems: result.problemCount }, "the ledger check found problems");
    else deps.logger.info("ledger check: no problems");
  };
