import { desc } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { ledgerCheck } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { emailAdmins } from "../mail/email-admins.js";
import { verifyLedger, type LedgerScope } from "./verify-ledger.js";

/** Problems kept per check: enough to start from; the count is always whole. */
const KEPT = 100;

export interface LedgerCheckResult {
  checkedAt: Date;
  problemCount: number;
  problems: string[];
}

/**
 * A check reads from an hour before the last stored check began: a transaction dates its journal
 * when it starts, so one that was still open when that check read the tables is read this time.
 */
export const CHECK_OVERLAP_MS = 60 * 60 * 1000;
/** The periodic check runs every ten minutes; this many runs (a day) walk every account once. */
export const ACCOUNT_SLICES = 144;
const RUN_EVERY_MS = 10 * 60 * 1000;

/**
 * What the periodic check reads (decision 0063): after a clean stored check, what was written since
 * it (with the overlap) and one slice of every account, the slice that the time of day picks;
 * before the first check, or after one that found problems, everything, so a problem stays on the
 * overview until it is gone rather than until it falls out of scope.
 */
export function nextLedgerScope(last: { checkedAt: Date; problemCount: number } | null, now: Date): LedgerScope | undefined {
  if (!last || last.problemCount > 0) return undefined;
  return { since: new Date(last.checkedAt.getTime() - CHECK_OVERLAP_MS), slice: { index: Math.floor(now.getTime() / RUN_EVERY_MS) % ACCOUNT_SLICES, of: ACCOUNT_SLICES } };
}

/**
 * Checks the ledger (verifyLedger, within `scope`: everything when absent), stores the result and,
 * when anything is wrong, e-mails every admin, all in one transaction: a check that is stored has
 * told the admins.
 */
export async function runLedgerCheck(db: Database, now: Date, scope?: LedgerScope): Promise<LedgerCheckResult> {
  const problems = await verifyLedger(db, scope);
  const result = { checkedAt: now, problemCount: problems.length, problems: problems.slice(0, KEPT) };
  await db.transaction(async (tx) => {
    await tx.insert(ledgerCheck).values({ id: timeOrderedUuid(), ...result });
    if (problems.length === 0) return;
    const text = [
      `The ledger check found ${problems.length} problem${problems.length === 1 ? "" : "s"}:`,
      "",
      ...result.problems.map((problem) => `- ${problem}`),
    ].join("\n");
    await emailAdmins(tx, { kind: "ledger-check", subject: "The ledger check found problems", text });
  });
  return result;
}

/** The most recent check, or null before the first. */
export async function readLastLedgerCheck(db: DbExecutor): Promise<LedgerCheckResult | null> {
  const [last] = await db.select().from(ledgerCheck).orderBy(desc(ledgerCheck.checkedAt), desc(ledgerCheck.id)).limit(1);
  return last ? { checkedAt: last.checkedAt, problemCount: last.problemCount, problems: last.problems } : null;
}
