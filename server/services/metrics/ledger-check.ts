import type { Database } from "#server/db/client.js";
import { verifyLedger } from "../ledger/verify-ledger.js";

/** verifyLedger reads every posting, so a scrape every 15 seconds must not run it each time. */
export const LEDGER_CHECK_MAX_AGE_MS = 5 * 60_000;

/**
 * The number of ledger problems as of a check at most five minutes old, run by the scrape that
 * finds the last one stale (concurrent scrapes share it). Stands in until the job queue's daily
 * check can be read instead (`readLastLedgerCheck`).
 */
export function cachedLedgerProblems(db: Database): () => Promise<number> {
  let last: { at: number; problems: Promise<number> } | undefined;
  return () => {
    // Wall time, not the server clock: this bounds the work done, whatever a test did to the clock.
    const at = performance.now();
    if (!last || at - last.at >= LEDGER_CHECK_MAX_AGE_MS) {
      const problems = verifyLedger(db).then((found) => found.length);
      // A failed check is not remembered: the next scrape tries again.
      problems.catch(() => {
        if (last?.problems === problems) last = undefined;
      });
      last = { at, problems };
    }
    return last.problems;
  };
}
