import type { DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queryPrepared } from "#server/db/prepared-query.js";
import { tickBatchersBy } from "#server/db/tick-batcher.js";
import { VersionedMemo } from "./versioned-memo.js";

/**
 * A user's own balances and pending deposits, read fresh on every call, and what crossed the platform's accounts in the
 * journals that moved them (the flows behind the summary's deposit, interest and payout totals),
 * remembered per process between journals (decision 0029, ./versioned-memo.ts).
 *
 * The flows are the only figures whose cost grows with a user's history. So every call reads the
 * user's three account rows with their versions (one indexed statement), and the remembered flows
 * are used only when the versions are the ones they were computed under; otherwise one statement
 * reads the rows and the flows together, in one snapshot.
 */

type Row = { part: "own" | "flow" | "pending"; id: string; cents: string; version: string | null };
type OwnerRow = Row & { owner: string | null };

const remembered = new VersionedMemo<Map<string, bigint>>();

// The user's deposits not yet confirmed: not a ledger figure, so read fresh with the rows every
// time, never remembered (one statement either way, decision 0035).
const OWN_ROWS = `select 'own' as part, id, balance_cents::text as cents, xmin::text as version from ledger_account where id = any($1::text[])
    union all
    select 'pending', 'deposits', coalesce(sum(amount_cents), 0)::text, null from deposit where user_id = $2 and status = 'pending'`;

/**
 * The same rows for every summary asked in one turn of the event loop, in one statement
 * (server/db/tick-batcher.ts, decision 0039): each caller still gets rows read after it asked.
 * A user with no pending deposit gets no pending row, which reads as zero.
 */
const OWN_MANY = {
  name: "summary_own_accounts_v3",
  text: `select null::text as owner, 'own' as part, id, balance_cents::text as cents, xmin::text as version from ledger_account where id = any($1::text[])
    union all
    select user_id, 'pending', 'deposits', sum(amount_cents)::text, null from deposit where user_id = any($2::text[]) and status = 'pending' group by user_id`,
};
const SUMMARIES_PER_STATEMENT = 64;

/** A caller's user and own account ids, as one key: `userId` then the ids, one per line. */
const ownKey = (userId: string, own: string[]) => [userId, ...own].join("\n");

/** Rows are read where the caller reads: on the database, or in the caller's transaction. */
const ownRowsOf = tickBatchersBy<DbExecutor, string, Row[]>(async (db, keys) => {
  const callers = keys.map((key) => {
    const [userId = "", ...own] = key.split("\n");
    return { key, userId, own };
  });
  const rows = await queryPrepared<OwnerRow>(db, OWN_MANY.name, OWN_MANY.text, [
    pgArray(callers.flatMap((caller) => caller.own)),
    pgArray(callers.map((caller) => caller.userId)),
  ]);
  return new Map(
    callers.map(({ key, userId, own }) => [
      key,
      rows.filter((row) => (row.part === "own" ? own.includes(row.id) : row.owner === userId)).map(({ owner: _, ...row }) => row),
    ]),
  );
}, SUMMARIES_PER_STATEMENT);

// Read through the posting key (account, journal) alone, so journals need no index by user (decision 0020).
const OWN_AND_FLOWS = {
  name: "summary_own_accounts_and_flows_v2",
  text: `${OWN_ROWS}
    union all
    select 'flow', p.account_id, sum(p.amount_cents)::text, null from posting p
    where p.account_id = any($3::text[]) and p.journal_id in (select o.journal_id from posting o where o.account_id = any($1::text[]))
    group by p.account_id`,
};

export interface OwnAccountsAndFlows {
  balances: Map<string, bigint>;
  flows: Map<string, bigint>;
  /** The sum of the user's pending deposits, read with the balances. */
  pendingDepositsCents: bigint;
}

/** The versions of the rows, in account id order: the key the flows are remembered under. */
function versionOf(rows: Row[]): string {
  return rows
    .filter((row) => row.part === "own")
    .map((row) => `${row.id}@${row.version}`)
    .sort()
    .join(",");
}

function split(rows: Row[]): OwnAccountsAndFlows {
  const balances = new Map<string, bigint>();
  const flows = new Map<string, bigint>();
  let pendingDepositsCents = 0n;
  for (const row of rows) {
    if (row.part === "pending") pendingDepositsCents = BigInt(row.cents);
    else (row.part === "own" ? balances : flows).set(row.id, BigInt(row.cents ?? "0"));
  }
  return { balances, flows, pendingDepositsCents };
}

/**
 * The flows being read right now, by user and row versions: callers that miss at the same moment
 * (a page's parallel requests, a burst right after a journal) share one read instead of each
 * summing the user's whole history at once.
 */
const reading = new Map<string, Promise<{ version: string; result: OwnAccountsAndFlows }>>();

export async function ownAccountsAndFlows(db: DbExecutor, userId: string, own: string[], platform: string[], now = Date.now()): Promise<OwnAccountsAndFlows> {
  const ownIds = pgArray(own);
  const rows = (await ownRowsOf(db).get(ownKey(userId, own))) ?? [];
  const version = versionOf(rows);
  const known = remembered.get(userId, now);
  if (known?.version === version) return { ...split(rows), flows: known.value };
  const key = `${userId}|${version}`;
  let read = reading.get(key);
  if (!read) {
    read = readFlows(db, userId, ownIds, platform, now).finally(() => reading.delete(key));
    reading.set(key, read);
  }
  const shared = await read;
  // A journal landed between this caller's rows and the shared read: read for this caller alone.
  if (shared.version !== version) return (await readFlows(db, userId, ownIds, platform, now)).result;
  return { ...split(rows), flows: shared.result.flows };
}

async function readFlows(db: DbExecutor, userId: string, ownIds: string, platform: string[], now: number) {
  const fresh = await queryPrepared<Row>(db, OWN_AND_FLOWS.name, OWN_AND_FLOWS.text, [ownIds, userId, pgArray(platform)]);
  const result = split(fresh);
  const version = versionOf(fresh);
  remembered.set(userId, version, result.flows, now);
  return { version, result };
}
