import { sql } from "drizzle-orm";
import type { HistoryEntryDto, HistoryPageDto, HistoryStatus } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { userAccount } from "./accounts.js";
import { toHistoryEntry, type HistoryRow } from "./history-events.js";
import { amountCell, csvDocument, textCell } from "../admin-lists/csv.js";

interface Row {
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
  total: string;
}

/**
 * The caller's statement, newest first: one row per journal that touched their accounts (its
 * postings on the Main Balance, invested and payout-hold accounts summed, and the Main Balance after
 * it as post_journal recorded it), plus each deposit that has not reached the ledger, which moved no
 * money (docs/product.md, "History"). `limit` null reads every event (the CSV).
 */
async function historyRows(db: DbExecutor, userId: string, limit: number | null, offset: number): Promise<Row[]> {
  const available = userAccount(userId, "available").id;
  const invested = userAccount(userId, "invested").id;
  const hold = userAccount(userId, "payout_hold").id;
  const result = (await db.execute(sql`
    with own as (
      select p.journal_id,
             coalesce(sum(p.amount_cents) filter (where p.account_id = ${available}), 0) as main_change,
             max(p.balance_after_cents) filter (where p.account_id = ${available}) as main_after,
             coalesce(sum(p.amount_cents) filter (where p.account_id = ${invested}), 0) as invested_change,
             coalesce(sum(p.amount_cents) filter (where p.account_id = ${hold}), 0) as hold_change
      from posting p
      where p.account_id in (${available}, ${invested}, ${hold})
      group by p.journal_id
    ), events as (
      select j.id, j.created_at as date, j.kind, j.idempotency_key as key, coalesce(j.reference, '') as reference, 'completed' as status,
             o.main_change, o.main_after, o.invested_change, o.hold_change, null::bigint as claimed
      from own o
      -- One index lookup per own journal: as a plain join the planner hashed the whole journal
      -- table, every user's, for each page (14 of 28 ms at 30,000 journals; decision 0041).
      cross join lateral (select j.id, j.created_at, j.kind, j.idempotency_key, j.reference from journal j where j.id = o.journal_id limit 1) j
      union all
      select d.id, d.created_at, 'deposit', null, d.reference, d.status, 0, null, 0, 0, d.amount_cents
      from deposit d
      where d.user_id = ${userId} and d.status <> 'confirmed'
    ), page as (
      select e.*, count(*) over () as total from events e
      order by e.date desc, e.id desc
      limit ${limit === null ? sql`all` : sql`${limit}`} offset ${offset}
    )
    select page.id, page.date, page.kind, page.key, page.reference, page.status, page.main_change::text, page.main_after::text,
           page.invested_change::text, page.hold_change::text, page.claimed::text, page.total::text,
           d.method, d.coin, d.bank, other.name as other_name, other.email as other_email
    from page
    left join deposit d on page.kind = 'deposit' and d.user_id = ${userId} and d.reference = page.reference
    -- journal and "user" ids compare in the C collation, transfer's columns in the default one: each
    -- side is put in the other's collation so that the index on it can be used (without, both were
    -- read whole for every page).
    left join transfer t on page.kind = 'transfer' and t.journal_id = (page.id collate "default")
    left join "user" other on other.id = (case when t.from_user_id = ${userId} then t.to_user_id else t.from_user_id end) collate "C"
    order by page.date desc, page.id desc
  `)) as unknown as { rows: Row[] };
  return result.rows;
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
  };
}

/** One page of the statement. */
export async function transactionHistory(db: DbExecutor, userId: string, page: number, pageSize: number): Promise<HistoryPageDto> {
  const rows = await historyRows(db, userId, pageSize, (page - 1) * pageSize);
  // Past the last page the window count has no row to ride on: count the events themselves.
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? await countEvents(db, userId) : 0;
  return { entries: rows.map((row) => toHistoryEntry(toRow(row))), page, pageSize, total };
}

async function countEvents(db: DbExecutor, userId: string): Promise<number> {
  const accounts = [userAccount(userId, "available").id, userAccount(userId, "invested").id, userAccount(userId, "payout_hold").id];
  const result = (await db.execute(sql`
    select (select count(distinct p.journal_id) from posting p where p.account_id in (${accounts[0]}, ${accounts[1]}, ${accounts[2]}))
         + (select count(*) from deposit d where d.user_id = ${userId} and d.status <> 'confirmed') as total
  `)) as unknown as { rows: Array<{ total: string | number }> };
  return Number(result.rows[0]?.total ?? 0);
}

export const HISTORY_CSV_HEADER = ["Date", "Event", "Description", "Main Balance change (USD)", "Main Balance after (USD)", "Status", "Reference"];

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
  ].join(",");
}

/** The whole statement as CSV, one row per event: the change column sums to the Main Balance. */
export async function transactionHistoryCsv(db: DbExecutor, userId: string): Promise<string> {
  const entries = (await historyRows(db, userId, null, 0)).map((row) => toHistoryEntry(toRow(row)));
  return csvDocument(HISTORY_CSV_HEADER, entries.map(historyCsvLine));
}
