import { sql, type SQL } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";

/**
 * How much of the ledger a check reads. Without a scope, everything. With `since`, the journals
 * and postings written from then on (each checked whole: a journal's postings all carry its time),
 * and every posting of each user account they touched, from its first; `slice` adds the accounts
 * whose slot (a hash of the id, modulo `of`) is `index`, so a series of checks walks every account
 * even if nothing was posted to it, catching a balance edited without a posting (decision 0063).
 */
export interface LedgerScope {
  since: Date;
  slice?: { index: number; of: number };
}

/**
 * The ledger's invariants, checked from the raw tables: every journal sums to zero, every user
 * account's kept balance equals the sum of its postings (platform accounts keep none), no user
 * account is negative, every user posting records the balance after it and those chain from 0 to
 * the balance, every posting is dated as its journal (the history pages by it; decision 0045),
 * every posting, journal and investment names rows that exist (post_journal guarantees it by
 * construction instead of per-row foreign keys; decision 0019), and every journal
 * that moves platform money touches its own user's accounts and no one else's (decision 0020).
 * Returns the problems found (none when the ledger is sound) within `scope` (everything without one).
 */
export function verifyLedger(db: DbExecutor): Promise<string[]>;
export function verifyLedger(db: Database, scope?: LedgerScope): Promise<string[]>;
export async function verifyLedger(db: Database | DbExecutor, scope?: LedgerScope): Promise<string[]> {
  if (!scope) {
    return checkLedger(db, {
      postings: sql`posting`,
      journals: sql`journal`,
      accounts: sql`(select * from ledger_account where user_id is not null)`,
      accountPostings: sql`posting`,
      investments: sql`investment`,
    });
  }
  const since = scope.since.toISOString();
  // One snapshot for every check; the accounts in scope and their postings copied once into
  // temporary tables (dropped at commit), so the checks read them instead of joining every posting
  // to a guess at how many accounts match.
  return (db as Database).transaction(
    async (tx) => {
      const slice = scope.slice ? sql` union select id, balance_cents from ledger_account where user_id is not null and (abs(hashtext(id)) % ${scope.slice.of}) = ${scope.slice.index}` : sql``;
      await tx.execute(sql`create temporary table ledger_check_accounts on commit drop as
        select id, balance_cents from ledger_account
        where user_id is not null and id in (select account_id from posting where created_at >= ${since}::timestamptz and account_id like 'u:%')${slice}`);
      await tx.execute(sql`analyze ledger_check_accounts`);
      await tx.execute(sql`create temporary table ledger_check_postings on commit drop as
        select p.account_id, p.amount_cents, p.balance_after_cents from ledger_check_accounts a join posting p on p.account_id = a.id`);
      await tx.execute(sql`analyze ledger_check_postings`);
      return checkLedger(tx, {
        // The ranges on created_at are served by the BRIN indexes on posting and journal (server/db/sql/online/).
        postings: sql`(select * from posting where created_at >= ${since}::timestamptz)`,
        journals: sql`(select * from journal where created_at >= ${since}::timestamptz)`,
        accounts: sql`ledger_check_accounts`,
        accountPostings: sql`ledger_check_postings`,
        investments: sql`(select * from investment where created_at >= ${since}::timestamptz or settled_at >= ${since}::timestamptz)`,
      });
    },
    { isolationLevel: "repeatable read" },
  );
}

/**
 * The rows a check reads: the postings and journals in scope, the user accounts in scope (id,
 * balance_cents) and every posting of those accounts from the first (account_id, amount_cents,
 * balance_after_cents), and the investments in scope.
 */
interface Scoped {
  postings: SQL;
  journals: SQL;
  accounts: SQL;
  accountPostings: SQL;
  investments: SQL;
}

async function checkLedger(db: DbExecutor, { postings, journals, accounts, accountPostings, investments }: Scoped): Promise<string[]> {
  const rows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const problems: string[] = [];
  for (const row of await rows(sql`select journal_id, sum(amount_cents)::text as total from ${postings} p group by journal_id having sum(amount_cents) <> 0`)) {
    problems.push(`journal ${row.journal_id} sums to ${row.total}`);
  }
  for (const row of await rows(sql`
    select a.id, a.balance_cents::text as balance, coalesce(sum(p.amount_cents), 0)::text as postings
    from ${accounts} a left join ${accountPostings} p on p.account_id = a.id
    group by a.id, a.balance_cents
    having a.balance_cents is distinct from coalesce(sum(p.amount_cents), 0)`)) {
    problems.push(`account ${row.id} holds ${row.balance} but its postings sum to ${row.postings}`);
  }
  for (const row of await rows(sql`select id, balance_cents::text as balance from ${accounts} a where balance_cents < 0`)) {
    problems.push(`user account ${row.id} is negative (${row.balance})`);
  }
  for (const row of await rows(sql`select id, balance_cents::text as balance from ledger_account where user_id is null and balance_cents is not null`)) {
    problems.push(`platform account ${row.id} keeps a balance (${row.balance}); its balance is the sum of its postings`);
  }
  for (const row of await rows(sql`
    select p.journal_id, p.account_id from ${postings} p join ledger_account a on a.id = p.account_id
    where (a.user_id is not null) is distinct from (p.balance_after_cents is not null) or p.balance_after_cents < 0`)) {
    problems.push(`posting ${row.journal_id}/${row.account_id} records no true balance after it`);
  }
  // Each user posting records the balance after it, so an account's postings form one chain from 0
  // to today's balance, each starting where another ended (in lock order, which no column holds):
  // every "before" (after - amount) is matched by another posting's "after" or the opening 0, and
  // every "after" by a later "before" or today's balance.
  for (const row of await rows(sql`
    select distinct account_id from (select account_id from (
      select p.account_id, p.balance_after_cents as value, 1 as n from ${accountPostings} p where p.balance_after_cents is not null
      union all select p.account_id, p.balance_after_cents - p.amount_cents, -1 from ${accountPostings} p where p.balance_after_cents is not null
      union all select a.id, 0, 1 from ${accounts} a
      union all select a.id, a.balance_cents, -1 from ${accounts} a
    ) chain group by account_id, value having sum(n) <> 0) unmatched`)) {
    problems.push(`account ${row.account_id}: the balances recorded after its postings do not chain from 0 to its balance`);
  }
  for (const row of await rows(sql`select journal_id, account_id from ${postings} p where amount_cents = 0`)) {
    problems.push(`posting ${row.journal_id}/${row.account_id} moves nothing`);
  }
  for (const row of await rows(sql`select j.id from ${journals} j left join ${postings} p on p.journal_id = j.id group by j.id having count(p.journal_id) < 2`)) {
    problems.push(`journal ${row.id} has fewer than two postings`);
  }
  // The history pages through each account's postings by their own created_at, which must be the
  // journal's (decision 0045): the same transaction writes both, with its start time.
  for (const row of await rows(sql`
    select p.journal_id, p.account_id, j.id is null as no_journal, a.id is null as no_account
    from ${postings} p left join journal j on j.id = p.journal_id left join ledger_account a on a.id = p.account_id
    where j.id is null or a.id is null or p.created_at <> j.created_at`)) {
    const missing = row.no_journal ? `journal ${row.journal_id}` : row.no_account ? `account ${row.account_id}` : null;
    problems.push(`posting ${row.journal_id}/${row.account_id} ${missing ? `names a missing ${missing}` : "is not dated as its journal"}`);
  }
  // A user's platform figures (deposited, interest, paid out) are read from the journals that touch the
  // user's own accounts (decision 0020): so a journal that moves platform money must touch the
  // accounts of exactly one user, the journal's own.
  for (const row of await rows(sql`
    select j.id, coalesce(j.user_id, '') as user_id from ${journals} j
    join ${postings} p on p.journal_id = j.id join ledger_account a on a.id = p.account_id
    group by j.id, j.user_id
    having bool_or(a.user_id is null)
       and (count(distinct a.user_id) <> 1 or bool_or(a.user_id is not null and a.user_id is distinct from j.user_id))`)) {
    problems.push(`journal ${row.id} moves platform money but does not touch the accounts of its user ${row.user_id || "(none)"} alone`);
  }
  for (const row of await rows(sql`select j.id, j.user_id from ${journals} j left join "user" u on u.id = j.user_id where j.user_id is not null and u.id is null`)) {
    problems.push(`journal ${row.id} names a missing user ${row.user_id}`);
  }
  for (const row of await rows(sql`
    select i.id, coalesce(i.start_journal_id, '') as start, coalesce(i.settle_journal_id, '') as settle from ${investments} i
    where (i.start_journal_id is not null and not exists (select 1 from journal j where j.id = i.start_journal_id))
       or (i.settle_journal_id is not null and not exists (select 1 from journal j where j.id = i.settle_journal_id))`)) {
    problems.push(`investment ${row.id} links a missing journal (${row.start} / ${row.settle})`);
  }
  return problems;
}
