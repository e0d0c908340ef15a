import { and, eq, isNotNull } from "drizzle-orm";
import type { ListOf } from "#shared/schemas/paging.js";
import type { AdminDepositDto, AdminDepositsQuery, DepositDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { amountCell, ownerColumns, textCell, type CsvColumn } from "../admin-lists/csv.js";
import { countUpToCap, matchRow, matchingText, readCountedList, withinAmounts, withinDays } from "../admin-lists/page-query.js";
import { newestFirst, textKey, type PageRequest, type SortKey } from "../paging/keyset.js";
import { toDepositDto } from "./deposit-dto.js";

/** A page of a user's deposits, newest first (theirs, and the back office's view of them). */
export async function listMyDeposits(db: DbExecutor, userId: string, request: PageRequest, siteName?: string): Promise<ListOf<DepositDto>> {
  const page = newestFirst(deposit.createdAt, deposit.id, request);
  const rows = await db.select({ deposit, ...page.fields }).from(deposit).where(and(eq(deposit.userId, userId), page.where)).orderBy(...page.orderBy).limit(page.readLimit);
  const { rows: shown, nextCursor } = page.page(rows);
  return { items: shown.map((row) => toDepositDto(row.deposit, siteName)), nextCursor };
}

/** One of the caller's own deposits; NOT_FOUND for anyone else's (no hint that it exists). */
export async function getMyDeposit(db: DbExecutor, userId: string, depositId: string, siteName: string): Promise<DepositDto> {
  const [row] = await db.select().from(deposit).where(and(eq(deposit.id, depositId), eq(deposit.userId, userId))).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "No such deposit.");
  return toDepositDto(row, siteName);
}

/** The admin list's sort keys, each with the deposit's id after it (server/services/paging/keyset.ts). */
const SORT_KEYS: Record<AdminDepositsQuery["sort"]["key"], SortKey> = {
  createdAt: { expression: deposit.createdAt, type: "timestamptz" },
  amountCents: { expression: deposit.amountCents, type: "bigint" },
  status: textKey(deposit.status),
  reference: textKey(deposit.reference),
  email: textKey(user.email),
};

/** The operator's list of deposits, every status unless filtered: one page after the cursor with the total, or every match for the CSV. */
export async function listDepositsForAdmin(db: DbExecutor, query: AdminDepositsQuery) {
  const where = and(
    query.status === undefined ? undefined : eq(deposit.status, query.status),
    query.exception === undefined ? undefined : query.exception === "any" ? isNotNull(deposit.exception) : eq(deposit.exception, query.exception),
    query.method === undefined ? undefined : eq(deposit.method, query.method),
    query.userId ? eq(deposit.userId, query.userId) : undefined,
    withinDays(deposit.createdAt, query.from, query.to),
    withinAmounts(deposit.amountCents, query.min, query.max),
    matchingText(query.q, [deposit.reference, deposit.id, deposit.txId, user.email, user.name]),
  );
  const owner = eq(user.id, deposit.userId);
  return readCountedList(
    query,
    { keys: SORT_KEYS, id: deposit.id },
    (page) =>
      db
        .select({ deposit, user: { id: user.id, name: user.name, email: user.email }, ...page.fields })
        .from(deposit)
        .innerJoin(user, owner)
        .where(and(where, page.where))
        .$dynamic(),
    // Every row has its owner: the join counts only when the search reads the owner's e-mail or name.
    countUpToCap(db, (query.q ? db.select(matchRow).from(deposit).innerJoin(user, owner) : db.select(matchRow).from(deposit)).where(where).$dynamic()),
    (row): AdminDepositDto => ({ ...toDepositDto(row.deposit), user: row.user }),
  );
}

/** The export's columns: what an operator reconciles against bank and wallet statements. */
export const DEPOSIT_CSV_COLUMNS: CsvColumn<AdminDepositDto>[] = [
  { header: "Created (UTC)", cell: (row) => textCell(row.createdAt) },
  { header: "Reference", cell: (row) => textCell(row.reference) },
  { header: "Status", cell: (row) => textCell(row.status) },
  { header: "Method", cell: (row) => textCell(row.method) },
  { header: "Bank or coin", cell: (row) => textCell(row.bank ?? row.coin) },
  { header: "Claimed (USD)", cell: (row) => amountCell(row.amountCents) },
  { header: "Received (USD)", cell: (row) => amountCell(row.receivedCents) },
  { header: "Transaction ID", cell: (row) => textCell(row.txId) },
  ...ownerColumns<AdminDepositDto>(),
  { header: "Decided (UTC)", cell: (row) => textCell(row.decidedAt) },
  { header: "Reject reason", cell: (row) => textCell(row.rejectReason) },
  { header: "Invoice BTC asked", cell: (row) => textCell(row.amountBtc ?? null) },
  { header: "Invoice BTC received", cell: (row) => textCell(row.receivedBtc ?? null) },
  { header: "Invoice exception", cell: (row) => textCell(row.exception ?? null) },
  { header: "Credited at (USD per BTC)", cell: (row) => textCell(row.creditedRateUsd ?? null) },
  { header: "Refund transaction ID", cell: (row) => textCell(row.refundTxId ?? null) },
  { header: "Left the chain (UTC)", cell: (row) => textCell(row.reorgedAt ?? null) },
  { header: "Deposit ID", cell: (row) => textCell(row.id) },
];
