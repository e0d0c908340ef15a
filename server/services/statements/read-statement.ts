import { eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";
import { historyWithin } from "../ledger/history.js";
import { toHistoryEntry } from "../ledger/history-events.js";
import { checkPeriod, type StatementPeriod } from "./statement-period.js";

/** One movement on a statement: a journal of the period, in the history's words. */
export interface StatementLine {
  journalId: string;
  date: Date;
  /** The journal's kind (`maturity`, `rollover`, `early_withdrawal`, …). */
  kind: string;
  /** The history's plain words for it: "Maturity paid", "Withdrawn early". */
  type: string;
  description: string;
  reference: string;
  /** Its effect on the Main Balance (0 when it moved only invested or held money). */
  changeCents: bigint;
  /** The Main Balance right after it, as the ledger recorded it; null when it did not touch it. */
  balanceAfterCents: bigint | null;
  /** What `p:interest` paid into the user's accounts in this journal. */
  interestCents: bigint;
  /** What went to `p:fees` in this journal (an early withdrawal's fee). */
  feeCents: bigint;
}

/** Everything a statement prints, read from the ledger in one snapshot and checked to add up. */
export interface Statement {
  period: StatementPeriod;
  investor: { name: string; email: string };
  /** The Main Balance at the period's start: Σ postings on available before it. */
  openingCents: bigint;
  /** The Main Balance at the period's end: Σ postings on available before its end. */
  closingCents: bigint;
  /** Σ of the movements that raised the Main Balance, and of those that lowered it (as a positive amount). */
  creditsCents: bigint;
  debitsCents: bigint;
  /** Interest earned in the period: what `p:interest` paid into the user's accounts. */
  interestCents: bigint;
  /** Fees paid in the period: what went to `p:fees` from the user's early withdrawals. */
  feesCents: bigint;
  /** Every journal of the period that touched the user's accounts, oldest first. */
  lines: StatementLine[];
}

const INTEREST = platformAccount("interest").id;
const FEES = platformAccount("fees").id;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbExecutor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * The caller's statement for `period` (docs/product.md, "Statements"): refused (400) unless the
 * period is over and the account existed in it. Read in one REPEATABLE READ, read-only transaction,
 * so the balances, the movements and the platform's side of them are one snapshot of the ledger;
 * then checked: opening + Σ movements must be the closing balance, or nothing is printed.
 */
export async function readStatement(db: Database, userId: string, period: StatementPeriod, now: Date): Promise<Statement> {
  return db.transaction(
    async (tx) => {
      const [owner] = await tx.select({ name: user.name, email: user.email, createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
      if (!owner) throw new AppError("NOT_FOUND", "This account no longer exists.");
      checkPeriod(period, owner.createdAt, now);

      const main = userAccount(userId, "available").id;
      const own = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
      const from = period.from.toISOString();
      const to = period.to.toISOString();
      // The `like` is the condition of the index by (account, created_at) on user accounts (decision 0045).
      const [balances] = await rowsOf<{ opening: string; closing: string }>(
        tx,
        sql`select coalesce(sum(amount_cents) filter (where created_at < ${from}::timestamptz), 0)::text as opening,
                   coalesce(sum(amount_cents), 0)::text as closing
            from posting where account_id = ${main} and account_id like 'u:%' and created_at < ${to}::timestamptz`,
      );
      const history = await historyWithin(tx, userId, period);
      // The platform's side of the same journals: interest paid from p:interest, fees taken to p:fees.
      const flows = await rowsOf<{ journal_id: string; account_id: string; cents: string }>(
        tx,
        sql`select p.journal_id, p.account_id, p.amount_cents::text as cents from posting p
            where p.account_id = any(${sql.param([INTEREST, FEES])}::text[])
              and p.journal_id in (select o.journal_id from posting o
                                   where o.account_id = any(${sql.param(own)}::text[]) and o.account_id like 'u:%'
                                     and o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz)`,
      );
      const byJournal = new Map(flows.map((row) => [`${row.journal_id} ${row.account_id}`, BigInt(row.cents)]));
      const flow = (journalId: string, account: string) => byJournal.get(`${journalId} ${account}`) ?? 0n;

      const lines: StatementLine[] = history.map((row) => {
        const entry = toHistoryEntry(row);
        return {
          journalId: row.id,
          date: row.date,
          kind: row.kind,
          type: entry.title,
          description: entry.description,
          reference: row.reference,
          changeCents: row.mainChange,
          balanceAfterCents: row.mainAfter,
          // p:interest is debited by what it pays; p:fees credited by what it takes.
          interestCents: -flow(row.id, INTEREST),
          feeCents: flow(row.id, FEES),
        };
      });
      const statement: Statement = {
        period,
        investor: { name: owner.name, email: owner.email },
        openingCents: BigInt(balances?.opening ?? "0"),
        closingCents: BigInt(balances?.closing ?? "0"),
        creditsCents: lines.reduce((sum, line) => (line.changeCents > 0n ? sum + line.changeCents : sum), 0n),
        debitsCents: lines.reduce((sum, line) => (line.changeCents < 0n ? sum - line.changeCents : sum), 0n),
        interestCents: lines.reduce((sum, line) => sum + line.interestCents, 0n),
        feesCents: lines.reduce((sum, line) => sum + line.feeCents, 0n),
        lines,
      };
      checkStatement(statement, flows);
      return statement;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * A statement that does not add up is never printed: opening + Σ movements must be the closing
 * balance, and every interest or fee posting of the period must belong to one of its movements.
 */
export function checkStatement(statement: Statement, flows: ReadonlyArray<{ account_id: string; cents: string }> = []): void {
  const movements = statement.lines.reduce((sum, line) => sum + line.changeCents, 0n);
  if (statement.openingCents + movements !== statement.closingCents) {
    throw new Error(
      `statement ${statement.period.key} does not add up: opening ${statement.openingCents} + movements ${movements} is not the closing balance ${statement.closingCents}`,
    );
  }
  const posted = (account: string) => flows.filter((row) => row.account_id === account).reduce((sum, row) => sum + BigInt(row.cents), 0n);
  if (-posted(INTEREST) !== statement.interestCents || posted(FEES) !== statement.feesCents) {
    throw new Error(`statement ${statement.period.key}: interest or fees of the period belong to no movement on it`);
  }
}
