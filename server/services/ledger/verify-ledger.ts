import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";

/**
 * The ledger's invariants, checked from the raw tables: every journal sums to zero, every user
 * account's kept balance equals the sum of its postings (platform accounts keep none), no user
 * account is negative, every user posting records the balance after it and those chain from 0 to
 * the balance, every posting is dated as its journal (the history pages by it; decision 0045),
 * every posting, journal and investment names rows that exist (post_journal guarantees it by
 * construction instead of per-row foreign keys; decision 0019), and every journal
 * that moves platform money touches its own user's accounts and no one else's (decision 0020).
 * Returns the problems found (none when the ledger is sound).
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
    where a.user_id is not null
    group by a.id, a.balance_cents
    having a.balance_cents is distinct from coalesce(sum(p.amount_cents), 0)`)) {
    problems.push(`account ${row.id} holds ${row.balance} but its postings sum to ${row.postings}`);
  }
  for (const row of await rows(sql`select id, balance_cents::text as balance from ledger_account where user_id is not null and balance_cents < 0`)) {
    problems.push(`user account ${row.id} is negative (${row.balance})`);
  }
  for (const row of await rows(sql`select id, balance_cents::text as balance from ledger_account where user_id is null and balance_cents is not null`)) {
    problems.push(`platform account ${row.id} keeps a balance (${row.balance}); its balance is the sum of its postings`);
  }
  for (const row of await rows(sql`
    select p.journal_id, p.account_id from posting p join ledger_account a on a.id = p.account_id
    where (a.user_id is not null) is distinct from (p.balance_after_cents is not null) or p.balance_after_cents < 0`)) {
    problems.push(`posting ${row.journal_id}/${row.account_id} records no true balance after it`);
  }
  // Each user posting records the balance after it, so an account's postings form one chain from 0
  // to today's balance, each starting where another ended (in lock order, which no column holds):
  // every "before" (after - amount) is matched by another posting's "after" or the opening 0, and
  // every "after" by a later "before" or today's balance.
  for (const row of await rows(sql`
    select distinct account_id from (select account_id from (
      select p.account_id, p.balance_after_cents as value, 1 as n from posting p where p.balance_after_cents is not null
      union all select p.account_id, p.balance_after_cents - p.amount_cents, -1 from posting p where p.balance_after_cents is not null
      union all select a.id, 0, 1 from ledger_account a where a.user_id is not null
      union all select a.id, a.balance_cents, -1 from ledger_account a where a.user_id is not null
    ) chain group by account_id, value having sum(n) <> 0) unmatched`)) {
    problems.push(`account ${row.account_id}: the balances recorded after its postings do not chain from 0 to its balance`);
  }
  for (const row of await rows(sql`select journal_id, account_id from posting where amount_cents = 0`)) {
    problems.push(`posting ${row.journal_id}/${row.account_id} moves nothing`);
  }
  for (const row of await rows(sql`select j.id from journal j left join posting p on p.journal_id = j.id group by j.id having count(p.journal_id) < 2`)) {
    problems.push(`journal ${row.id} has fewer than two postings`);
  }
  // The history pages through each account's postings by their own created_at, which must be the
  // journal's (decision 0045): the same transaction writes both, with its start time.
  for (const row of await rows(sql`
    select p.journal_id, p.account_id, j.id is null as no_journal, a.id is null as no_account
    from posting p left join journal j on j.id = p.journal_id left join ledger_account a on a.id = p.account_id
    where j.id is null or a.id is null or p.created_at <> j.created_at`)) {
    const missing = row.no_journal ? `journal ${row.journal_id}` : row.no_account ? `account ${row.account_id}` : null;
    problems.push(`posting ${row.journal_id}/${row.account_id} ${missing ? `names a missing ${missing}` : "is not dated as its journal"}`);
  }
  // A user's platform figures (deposited, interest, paid out) are read from the journals that touch the
  // user's own accounts (decision 0020): so a journal that moves platform money must touch the
  // accounts of exactly one user, the journal's own.
  for (const row of await rows(sql`
    select j.id, coalesce(j.user_id, '') as user_id from journal j
    join posting p on p.journal_id = j.id join ledger_account a on a.id = p.account_id
    group by j.id, j.user_id
    having bool_or(a.user_id is null)
       and (count(distinct a.user_id) <> 1 or bool_or(a.user_id is not null and a.user_id is distinct from j.user_id))`)) {
    problems.push(`journal ${row.id} moves platform money but does not touch the accounts of its user ${row.user_id || "(none)"} alone`);
  }
  for (const row of await rows(sql`select j.id, j.user_id from journal j left join "user" u on u.id = j.user_id where j.user_id is not null and u.id is null`)) {
    problems.push(`journal ${row.id} names a missing user ${row.user_id}`);
  }
  for (const row of await rows(sql`
    select i.id, coalesce(i.start_journal_id, '') as start, coalesce(i.settle_journal_id, '') as settle from investment i
    where (i.start_journal_id is not null and not exists (select 1 from journal j where j.id = i.start_journal_id))
       or (i.settle_journal_id is not null and not exists (select 1 from journal j where j.id = i.settle_journal_id))`)) {
    problems.push(`investment ${row.id} links a missing journal (${row.start} / ${row.settle})`);
  }
  return problems;
}
