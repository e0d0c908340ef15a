import type { DbExecutor } from "#server/db/client.js";
import { readLastLedgerCheck } from "../ledger/run-ledger-check.js";
import { verifyLedger } from "../ledger/verify-ledger.js";

export interface LedgerCheck {
  checkedAt: Date;
  problems: string[];
}

/** Before the first stored check, verifyLedger reads every posting: the overview runs it at most once a minute per database. */
const MAX_AGE_MS = 60_000;

const checks = new WeakMap<object, Promise<LedgerCheck>>();

/**
 * The last check the periodic job stored (at most ten minutes old), never a check of its own: on a
 * large ledger a whole check takes minutes (decision 0063). Before the job's first check, a whole
 * check at most a minute old; callers at the same moment share one run, and a failed run is
 * forgotten, so the next call tries again.
 */
export async function recentLedgerCheck(db: DbExecutor, now: Date): Promise<LedgerCheck> {
  const stored = await readLastLedgerCheck(db);
  if (stored) return { checkedAt: stored.checkedAt, problems: stored.problems };
  const cached = checks.get(db);
  if (cached) {
    const check = await cached;
    const age = now.getTime() - check.checkedAt.getTime();
    if (age >= 0 && age < MAX_AGE_MS) return check;
    if (checks.get(db) !== cached) return recentLedgerCheck(db, now);
  }
  const run = verifyLedger(db).then((problems) => ({ checkedAt: now, problems }));
  checks.set(db, run);
  run.catch(() => {
    if (checks.get(db) === run) checks.delete(db);
  });
  return run;
}
