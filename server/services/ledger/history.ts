import { sql } from "drizzle-orm";
import type { HistoryEntryDto, HistoryPageDto, HistoryStatus } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { userAccount } from "./accounts.js";
import { toHistoryEntry, type HistoryRow } from "./history-events.js";
import { amountCell, csvDocument, textCell } from "../admin-lists/csv.js";
import { afterPosition, decodeCursor, keyText, pageAndCursor, type Position } from "../paging/keyset.js";

type Row = {
  id: string;
  date: Date | string;
  cursor_date: string;
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

/** The statement's order: newest first, ties by id (journal and deposit ids alike in the C collation). */
export const HISTORY_ORDER = "date:desc";

/**
 * The caller's statement, newest first: one row per journal that touched their accounts (its
 * postings on the Main Balance, invested and payout-hold accounts summed, and the Main Balance after
 * it as post_journal recorded it), plus each deposit that has not reached the ledger, which moved no
 * money (docs/product.md, "History").
 *
 * A page costs what it shows, not the whole history, however deep it is (decision 0045; keyset paging, server/services/paging/keyset.ts): it
 * starts after `after`, the last event of the page before (keyset, never an offset), and each
 * account's postings are read newest first from there through posting_user_account_created_at_idx
 * (the `like` is that index's own condition, which a generic plan cannot otherwise know holds), at
 * most `readLimit` of them: a journal among the first n events after the position is among the
 * first n postings after it of every own account it touched, so the union holds every posting of
 * each event on the page. A posting's created_at is its journal's (the same transaction writes both;
 * verifyLedger checks it), so a journal is wholly before or after the position. `after.key` is the
 * date as exact text (UTC, microseconds), compared as a timestamptz: no event in the same
 * millisecond is skipped or repeated. `readLimit` null (the CSV) reads everything. `within` keeps
 * only the journals of a period (a PDF statement's movements, docs/product.md "Statements"), read
 * through the same index, and no deposit that never reached the ledger.
 */
export function historyStatement(p: { main: string; invested: string; hold: string; userId: string; readLimit: number | null; after: Position | undefined; within?: Period }) {
  const { main, invested, hold, userId, readLimit, after, within } = p;
  const inPeriod = within ? sql`and created_at >= ${within.from.toISOString()}::timestamptz and created_at < ${within.to.toISOString()}::timestamptz` : sql``;
  const afterPosting = after
    ? sql`and ${afterPosition({ expression: sql`created_at`, type: "timestamptz" }, sql`journal_id`, "desc", after)} ${inPeriod}`
    : inPeriod;
  const afterDeposit = after ? sql`and ${afterPosition({ expression: sql`d.created_at`, type: "timestamptz" }, sql`d.id collate "C"`, "desc", after)}` : sql``;
  // A period's statement lists what moved money: a claim that never reached the ledger is left out.
  const deposits = within ? sql`and false` : sql``;
  return sql`with postings as (
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${main} and account_id like 'u:%' ${afterPosting} order by created_at desc, journal_id desc limit ${readLimit})
      union all
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${invested} and account_id like 'u:%' ${afterPosting} order by created_at desc, journal_id desc limit ${readLimit})
      union all
      (select journal_id, account_id, amount_cents, balance_after_cents, created_at from posting
       where account_id = ${hold} and account_id like 'u:%' ${afterPosting} order by created_at desc, journal_id desc limit ${readLimit})
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
      -- A deposit that moved no money (a settled invoice is in the ledger, like a confirmed deposit);
      -- an invoice's statuses read as a claim's: open is pending, invalid is rejected.
      (select d.id collate "C", d.created_at, 'deposit', null, d.reference,
              case d.status when 'new' then 'pending' when 'processing' then 'pending' when 'invalid' then 'rejected' else d.status end,
              0, null, 0, 0, d.amount_cents
       from deposit d where d.user_id = ${userId} and d.status not in ('confirmed', 'settled') ${afterDeposit} ${deposits} order by d.created_at desc, d.id collate "C" desc limit ${readLimit})
    ), page as (
      select * from events order by date desc, id desc limit ${readLimit}
    )
    select page.id, page.date,
           ${keyText({ expression: sql`page.date`, type: "timestamptz" })} as cursor_date,
           page.kind, page.key, page.reference,
           -- A withdrawal is pending until it is sent (or refused): its request journal says so.
           case when held.status = 'requested' then 'pending' else page.status end as status,
           page.main_change::text, page.main_after::text, page.invested_change::text, page.hold_change::text, page.claimed::text,
           d.method, d.coin, d.bank, other.name as other_name, other.email as other_email, t.note as note
    from page
    left join deposit d on page.kind = 'deposit' and d.user_id = ${userId} and d.reference = page.reference
    left join payout held on page.kind = 'payout_request' and held.hold_journal_id = (page.id collate "default")
    -- journal and "user" ids compare in the C collation, transfer's columns in the default one: each
    -- side is put in the other's collation so that the index on it can be used (without, both were
    -- read whole for every page).
    left join transfer t on page.kind = 'transfer' and t.journal_id = (page.id collate "default")
    left join "user" other on other.id = (case when t.from_user_id = ${userId} then t.to_user_id else t.from_user_id end) collate "C"
    order by page.date desc, page.id desc`;
}

/** A span of time, from `from` (included) to `to` (excluded). */
export interface Period {
  from: Date;
  to: Date;
}

/** `readLimit` null reads every event (the CSV); `within` only the journals of that period. */
async function historyRows(db: DbExecutor, userId: string, readLimit: number | null, after: Position | undefined, within?: Period): Promise<Row[]> {
  const [main = "", invested = "", hold = ""] = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  return ((await db.execute(historyStatement({ main, invested, hold, userId, readLimit, after, within }))) as unknown as { rows: Row[] }).rows;
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

/**
 * Every journal of `period` that touched the caller's accounts, oldest first, as the history reads
 * them (the same rows and words as the screen and the CSV): a statement's movements. Deposits that
 * never reached the ledger moved no money and are not among them.
 */
export async function historyWithin(db: DbExecutor, userId: string, period: Period): Promise<HistoryRow[]> {
  return (await historyRows(db, userId, null, undefined, period)).map(toRow).reverse();
}

/** One page of the statement: `limit` events after `cursor` (the first page without one). */
export async function transactionHistory(db: DbExecutor, userId: string, page: { cursor?: string | undefined; limit: number }): Promise<HistoryPageDto> {
  const after = decodeCursor(page.cursor, HISTORY_ORDER, "timestamptz");
  const read = await historyRows(db, userId, page.limit + 1, after);
  const { rows, nextCursor } = pageAndCursor(read, page.limit, HISTORY_ORDER, (row) => ({ key: row.cursor_date, id: row.id }));
  return { items: rows.map((row) => toHistoryEntry(toRow(row))), nextCursor };
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
  const entries = (await historyRows(db, userId, null, undefined)).map((row) => toHistoryEntry(toRow(row)));
  return csvDocument(HISTORY_CSV_HEADER, entries.map(historyCsvLine));
}
