import { sql } from "drizzle-orm";
import { BANK_NAMES, type BankKey } from "#shared/schemas/deposits.js";
import type { HistoryEntryDto, HistoryPageDto, HistoryStatus } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { toJsonCents } from "./balances.js";

const TYPE_LABELS: Record<string, string> = {
  deposit: "Deposit",
  investment: "Investment",
  maturity: "Maturity",
  payout_request: "Payout",
  payout_paid: "Payout",
  payout_rejected: "Payout returned",
  payout_cancelled: "Payout cancelled",
  transfer: "Transfer",
  adjustment: "Adjustment",
};

const ACCOUNT_LABELS: Record<string, string> = { available: "Main balance", invested: "Invested", payout_hold: "Payout hold" };

interface Row {
  method: string | null;
  coin: string | null;
  bank: string | null;
  id: string;
  date: Date | string;
  kind: string;
  account_kind: string | null;
  amount: string;
  status: string;
  reference: string | null;
  total: string;
}

/**
 * The caller's history, newest first: every posting on their own accounts, plus deposits that
 * have not (or will never) reach the ledger, so a pending or rejected deposit is visible too.
 */
export async function transactionHistory(db: DbExecutor, userId: string, page: number, pageSize: number): Promise<HistoryPageDto> {
  const result = (await db.execute(sql`
    with entries as (
      select p.journal_id || '/' || p.account_id as id, p.created_at as date, j.kind, a.kind as account_kind, p.amount_cents as amount,
             'completed' as status, coalesce(j.reference, '') as reference, d.method, d.coin, d.bank
      from posting p
      join ledger_account a on a.id = p.account_id
      join journal j on j.id = p.journal_id
      left join deposit d on d.journal_id = j.id
      where a.user_id = ${userId}
      union all
      select d.id, d.created_at, 'deposit', null, d.amount_cents, d.status, d.reference, d.method, d.coin, d.bank
      from deposit d
      where d.user_id = ${userId} and d.status <> 'confirmed'
    )
    select *, count(*) over ()::text as total from entries
    order by date desc, id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}
  `)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const total = rows[0] ? Number(rows[0].total) : await countHistory(db, userId);
  return { entries: rows.map(toEntry), page, pageSize, total };
}

async function countHistory(db: DbExecutor, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select (select count(*) from posting p join ledger_account a on a.id = p.account_id where a.user_id = ${userId})
         + (select count(*) from deposit d where d.user_id = ${userId} and d.status <> 'confirmed') as total
  `)) as unknown as { rows: Array<{ total: string | number }> };
  return Number(result.rows[0]?.total ?? 0);
}


function describe(row: Row): string {
  if (row.method === "crypto") return `Crypto deposit (${row.coin ?? "BTC"})`;
  if (row.method === "bank") return `Bank deposit (${(row.bank && BANK_NAMES[row.bank as BankKey]) || "bank"})`;
  return ACCOUNT_LABELS[row.account_kind ?? ""] ?? row.account_kind ?? "";
}

function toEntry(row: Row): HistoryEntryDto {
  const type = TYPE_LABELS[row.kind] ?? row.kind;
  return {
    id: row.id,
    date: new Date(row.date).toISOString(),
    type,
    description: describe(row),
    // Deposits not on the ledger show what was claimed, but it never changed a balance.
    amountCents: toJsonCents(BigInt(row.amount)),
    status: row.status as HistoryStatus,
    reference: row.reference ?? "",
  };
}

/** Every cell is quoted, so commas, quotes and line breaks in it stay inside it. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Text (labels, references, notes) may start like a spreadsheet formula; a leading apostrophe
 * makes the spreadsheet show it as text instead of running it.
 */
const textCell = (text: string) => quoted(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** An amount the server formatted itself: its "-" is a sign, never a formula, so it is left alone. */
const amountCell = (cents: number) => quoted(centsToDecimal(cents));

/** Every entry (up to 10,000) as CSV, amounts in dollars with two decimals. */
export async function transactionHistoryCsv(db: DbExecutor, userId: string): Promise<string> {
  const { entries } = await transactionHistory(db, userId, 1, 10_000);
  const header = ["Date", "Type", "Description", "Amount (USD)", "Status", "Reference"].map(textCell).join(",");
  const lines = entries.map((entry) =>
    [textCell(entry.date), textCell(entry.type), textCell(entry.description), amountCell(entry.amountCents), textCell(entry.status), textCell(entry.reference)].join(","),
  );
  return [header, ...lines].join("\r\n") + "\r\n";
}

/** -12345 → "-123.45": plain decimal for spreadsheets (no currency symbol or separators). */
function centsToDecimal(cents: number): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
