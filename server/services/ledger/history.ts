import { sql } from "drizzle-orm";
import type { HistoryEntryDto, HistoryPageDto, HistoryStatus } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { userAccount } from "./accounts.js";
import { toHistoryEntry, type HistoryRow } from "./history-events.js";
import { VersionedMemo } from "./versioned-memo.js";
import { amountCell, csvDocument, textCell } from "../admin-lists/csv.js";

type Row = {
  id: string;
  date: Date | string;
  kind: string;
  key: string | null;
  reference: string | null;
  status: string;
  main_change: string;
  main_after: string | null;
  invested_change: string;
  hold_change: string;
  claimed: string | null;
  method: string | null;
  coin: string | null;
  bank: string | null;
  other_name: string | null;
  other_email: string | null;
  note: string | null;
};

/** The statement's first row carries these whatever the page holds; an empty page is that row alone. */
type Counts = {
  /** Null only for a user without accounts, which nothing remembers. */
  version: string | null;
  journals: string | number | null;
  unposted: string | number;
};

/**
 * The caller's statement, newest first: one row per journal that touched their accounts (its
 * postings on the Main Balance, invested and payout-hold accounts summed, and the Main Balance after
 * it as post_journal recorded it), plus each deposit that has not reached the ledger, which moved no
 * money (docs/product.md, "History").
 *
 * A page costs what it shows, not the whole history (decision 0045). Each account's postings are
 * read newest first through posting_user_account_created_at_idx (the `like` is that index's own
 * condition, which a generic plan cannot otherwise know holds), at most `offset + limit` of them
 * ($5): a journal among the first n events overall is among the first n postings of every own
 * account it touched, so the union holds every posting of each event on the page. A posting's
 * created_at is its journal's (the same transaction writes both; verifyLedger checks it).
 *
 * The count of journals behind the pager is the one figure that grows with the history: it is
 * computed only when the account rows' versions differ from `$8`, the ones the caller remembers it
 * under (./versioned-memo.ts); the CASE leaves the sub-select unexecuted otherwise. Deposits not in
 * the ledger are counted fresh. All of it is one statement, one snapshot.
 */
export function historyStatement(p: { main: string; invested: string; hold: string; userId: string; readLimit: number | null; limit: number | null; offset: number; knownVersion: string | null }) {
  const { main, invested, hold, userId, readLimit, limit, offset, knownVersion } = p;
  return sql`with postings as (
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${main} and account_id like 'u:%' order by created_at desc, journal_id desc limit ${readLimit})
      union all
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${invested} and account_id like 'u:%' order by created_at desc, journal_id desc limit ${readLimit})
      union all
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${hold} and account_id like 'u:%' order by created_at desc, journal_id desc limit ${readLimit})
    ), own as (
      select journal_id, max(created_at) as date,
             coalesce(sum(amount_cents) filter (where account_id = ${main}), 0) as main_change,
             max(balance_after_cents) filter (where account_id = ${main}) as main_after,
             coalesce(sum(amount_cents) filter (where account_id = ${invested}), 0) as invested_change,
             coalesce(sum(amount_cents) filter (where account_id = ${hold}), 0) as hold_change
      from postings group by journal_id
      order by date desc, journal_id desc limit ${readLimit}
    ), events as (
      select j.id, o.date, j.kind, j.idempotency_key as key, coalesce(j.reference, '') as reference, 'completed' as status,
             o.main_change, o.main_after, o.invested_change, o.hold_change, null::bigint as claimed
      from own o
      -- One index lookup per journal on the page: as a plain join the planner could hash the
      -- whole journal table, every user's (decision 0041).
      cross join lateral (select j.id, j.kind, j.idempotency_key, j.reference from journal j where j.id = o.journal_id limit 1) j
      union all
      (select d.id, d.created_at, 'deposit', null, d.reference, d.status, 0, null, 0, 0, d.amount_cents
       from deposit d where d.user_id = ${userId} and d.status <> 'confirmed' order by d.created_at desc, d.id desc limit ${readLimit})
    ), page as (
      select * from events order by date desc, id desc limit ${limit} offset ${offset}
    ), accounts as (
      select string_agg(a.id || '@' || a.xmin::text, ',' order by a.id collate "C") as version
      from ledger_account a where a.id in (${main}, ${invested}, ${hold})
    )
    select accounts.version,
           case when accounts.version = ${knownVersion} then null
                else (select count(distinct p.journal_id) from posting p where p.account_id in (${main}, ${invested}, ${hold})) end as journals,
           (select count(*) from deposit d where d.user_id = ${userId} and d.status <> 'confirmed') as unposted,
           page.id, page.date, page.kind, page.key, page.reference,
           -- A withdrawal is pending until it is sent (or refused): its request journal says so.
           case when held.status = 'requested' then 'pending' else page.status end as status,
           page.main_change::text, page.main_after::text, page.invested_change::text, page.hold_change::text, page.claimed::text,
           d.method, d.coin, d.bank, other.name as other_name, other.email as other_email, t.note as note
    from accounts
    left join page on true
    left join deposit d on page.kind = 'deposit' and d.user_id = ${userId} and d.reference = page.reference
    left join payout held on page.kind = 'payout_request' and held.hold_journal_id = (page.id collate "default")
    -- journal and "user" ids compare in the C collation, transfer's columns in the default one: each
    -- side is put in the other's collation so that the index on it can be used (without, both were
    -- read whole for every page).
    left join transfer t on page.kind = 'transfer' and t.journal_id = (page.id collate "default")
    left join "user" other on other.id = (case when t.from_user_id = ${userId} then t.to_user_id else t.from_user_id end) collate "C"
    order by page.date desc, page.id desc`;
}

/** Each user's count of journals, remembered under their account rows' versions. */
const journalCounts = new VersionedMemo<number>();

/** `limit` null reads every event (the CSV). */
async function historyRows(db: DbExecutor, userId: string, limit: number | null, offset: number): Promise<{ rows: Row[]; total: number }> {
  const now = Date.now();
  const accounts = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  const known = journalCounts.get(userId, now);
  const [main = "", invested = "", hold = ""] = accounts;
  const statement = historyStatement({ main, invested, hold, userId, readLimit: limit === null ? null : offset + limit, limit, offset, knownVersion: known?.version ?? null });
  const read = ((await db.execute(statement)) as unknown as { rows: Array<Partial<Row> & Counts> }).rows;
  const first = read[0];
  if (!first) throw new Error("the history statement returned no row");
  let journals: number;
  if (first.journals !== null) {
    journals = Number(first.journals);
    if (first.version !== null) journalCounts.set(userId, first.version, journals, now);
  } else if (known) {
    journals = known.value;
  } else {
    throw new Error("the history statement skipped the count without a remembered one");
  }
  return { rows: read.filter((row): row is Row & Counts => row.id !== null && row.id !== undefined), total: journals + Number(first.unposted) };
}

function toRow(row: Row): HistoryRow {
  return {
    id: row.id,
    date: new Date(row.date),
    kind: row.kind,
    key: row.key,
    reference: row.reference ?? "",
    status: row.status as HistoryStatus,
    mainChange: BigInt(row.main_change),
    mainAfter: row.main_after === null ? null : BigInt(row.main_after),
    investedChange: BigInt(row.invested_change),
    holdChange: BigInt(row.hold_change),
    claimed: row.claimed === null ? null : BigInt(row.claimed),
    method: row.method,
    coin: row.coin,
    bank: row.bank,
    otherName: row.other_name,
    otherEmail: row.other_email,
    note: row.note,
  };
}

/** One page of the statement. */
export async function transactionHistory(db: DbExecutor, userId: string, page: number, pageSize: number): Promise<HistoryPageDto> {
  const { rows, total } = await historyRows(db, userId, pageSize, (page - 1) * pageSize);
  return { entries: rows.map((row) => toHistoryEntry(toRow(row))), page, pageSize, total };
}

export const HISTORY_CSV_HEADER = ["Date", "Event", "Description", "Main Balance change (USD)", "Main Balance after (USD)", "Status", "Reference", "Note"];

/** One CSV line per event. */
export function historyCsvLine(entry: HistoryEntryDto): string {
  return [
    textCell(entry.date),
    textCell(entry.title),
    textCell(entry.description),
    amountCell(entry.mainBalanceChangeCents),
    amountCell(entry.mainBalanceAfterCents),
    textCell(entry.status),
    textCell(entry.reference),
    textCell(entry.note),
  ].join(",");
}

/** The whole statement as CSV, one row per event: the change column sums to the Main Balance. */
export async function transactionHistoryCsv(db: DbExecutor, userId: string): Promise<string> {
  const entries = (await historyRows(db, userId, null, 0)).rows.map((row) => toHistoryEntry(toRow(row)));
  return csvDocument(HISTORY_CSV_HEADER, entries.map(historyCsvLine));
}
