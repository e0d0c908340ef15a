import { desc } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { ledgerCheck } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { emailAdmins } from "../mail/email-admins.js";
import { verifyLedger } from "./verify-ledger.js";

/** Problems kept per check: enough to start from; the count is always whole. */
const KEPT = 100;

export interface LedgerCheckResult {
  checkedAt: Date;
  problemCount: number;
  problems: string[];
}

/**
 * Checks the ledger (verifyLedger), stores the result and, when anything is wrong, e-mails every
 * admin, all in one transaction: a check that is stored has told the admins.
 */
export async function runLedgerCheck(db: Database, now: Date): Promise<LedgerCheckResult> {
  const problems = await verifyLedger(db);
  const result = { checkedAt: now, problemCount: problems.length, problems: problems.slice(0, KEPT) };
  await db.transaction(async (tx) => {
    await tx.insert(ledgerCheck).values({ id: timeOrderedUuid(), ...result });
    if (problems.length === 0) return;
    const text = [
      `The daily ledger check found ${problems.length} problem${problems.length === 1 ? "" : "s"}:`,
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
