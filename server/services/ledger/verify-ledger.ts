import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";

/**
 * The ledger's invariants, checked from the raw tables: every journal sums to zero, every
 * account's balance equals the sum of its postings, no user account is negative. Returns the
 * problems found (none when the ledger is sound).
 */
export async function verifyLedger(db: DbExecutor): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const problems: string[] = [];
  for (const row of await rows(sql`select journal_id, sum(amount_cents)::text as total from posting group by journal_id having sum(amount_cents) <> 0`)) {
    problems.push(`journal ${row.journal_id} sums to ${row.total}`);
  }
  for (const row of await rows(sql`
    select a.id, a.balance_cents::text as balance, coalesce(sum(p.amount_cents), 0)::text as postings
    from ledger_account a left join posting p on p.account_id = a.id
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(p.amount_cents), 0)`)) {
    problems.push(`account ${row.id} holds ${row.balance} but its postings sum to ${row.postings}`);
  }
  for (const row of await rows(sql`select id, balance_cents::text as balance from ledger_account where user_id is not null and balance_cents < 0`)) {
    problems.push(`user account ${row.id} is negative (${row.balance})`);
  }
  for (const row of await rows(sql`select j.id from journal j left join posting p on p.journal_id = j.id group by j.id having count(p.id) < 2`)) {
    problems.push(`journal ${row.id} has fewer than two postings`);
  }
  return problems;
}
