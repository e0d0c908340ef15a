import { and, eq, isNull, sql } from "drizzle-orm";
import type { ListOf } from "#shared/schemas/paging.js";
import { alias } from "drizzle-orm/pg-core";
import type { CentsPerBtc } from "#shared/money.js";
import { AWAITING_APPROVAL, type AdminPayoutDto, type AdminPayoutsQuery, type PayoutDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { payout, user } from "#server/db/schema.js";
import { amountCell, decimalCell, ownerColumns, textCell, type CsvColumn } from "../admin-lists/csv.js";
import { countUpToCap, matchRow, matchingText, readCountedList, withinAmounts, withinDays } from "../admin-lists/page-query.js";
import { newestFirst, textKey, type PageRequest, type SortKey } from "../paging/keyset.js";
import { payoutNeedsApproval } from "./approve-payout.js";
import { toPayoutDto, type PayoutRow } from "./payout-dto.js";
import { payoutInBitcoin } from "./payout-in-bitcoin.js";

const approver = alias(user, "approver");
/** The admin list's sort keys, each with the payout's id after it (server/services/paging/keyset.ts). */
const SORT_KEYS: Record<AdminPayoutsQuery["sort"]["key"], SortKey> = {
  createdAt: { expression: payout.createdAt, type: "timestamptz" },
  amountCents: { expression: payout.amountCents, type: "bigint" },
  status: textKey(payout.status),
  email: textKey(user.email),
};

/** A page of a user's payouts, newest first (theirs, and the back office's view of them). */
export async function listMyPayouts(db: DbExecutor, userId: string, request: PageRequest): Promise<ListOf<PayoutDto>> {
  const page = newestFirst(payout.createdAt, payout.id, request);
  const rows = await db.select({ payout, ...page.fields }).from(payout).where(and(eq(payout.userId, userId), page.where)).orderBy(...page.orderBy).limit(page.readLimit);
  const { rows: shown, nextCursor } = page.page(rows);
  return { items: shown.map((row) => toPayoutDto(row.payout)), nextCursor };
}

/**
 * A payout as the back office shows it: whose it is, where it stands on four eyes, and, while it
 * waits for its rate to be fixed (automatic mode, `currentRate` known), its bitcoin at the current rate.
 */
export function toAdminPayoutDto(row: PayoutRow, owner: AdminPayoutDto["user"], approvedBy: AdminPayoutDto["approvedBy"], approvalCents: bigint, currentRate?: CentsPerBtc): AdminPayoutDto {
  const estimated = currentRate !== undefined && row.status === "requested" && row.amountSats === null;
  const estimate = estimated ? payoutInBitcoin(row.amountCents, currentRate) : null;
  return {
    ...toPayoutDto(row),
    user: owner,
    needsApproval: payoutNeedsApproval(row, approvalCents),
    approvedBy,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    estimate: estimate && { amountBtc: estimate.amountBtc, rateUsd: estimate.rateUsd },
  };
}

/**
 * The operator's list of payouts, every status unless filtered: one page after the cursor with the
 * total, or every match for the CSV. `currentRate` (automatic mode, when the exchanges gave one)
 * prices the payouts whose rate is not fixed yet.
 */
export async function listPayoutsForAdmin(db: DbExecutor, query: AdminPayoutsQuery, approvalCents: bigint, currentRate?: CentsPerBtc) {
  const status =
    query.status === AWAITING_APPROVAL
      ? and(eq(payout.status, "requested"), sql`coalesce(${payout.needsApproval}, ${payout.amountCents} >= ${approvalCents})`, isNull(payout.approvedBy))
      : query.status === undefined
        ? undefined
        : eq(payout.status, query.status);
  const where = and(
    status,
    query.userId ? eq(payout.userId, query.userId) : undefined,
    withinDays(payout.createdAt, query.from, query.to),
    withinAmounts(payout.amountCents, query.min, query.max),
    matchingText(query.q, [payout.id, payout.walletAddress, payout.txId, user.email, user.name]),
  );
  const owner = eq(user.id, payout.userId);
  return readCountedList(
    query,
    { keys: SORT_KEYS, id: payout.id },
    (page) =>
      db
        .select({ payout, user: { id: user.id, name: user.name, email: user.email }, approver: { id: approver.id, email: approver.email }, ...page.fields })
        .from(payout)
        .innerJoin(user, owner)
        .leftJoin(approver, eq(approver.id, payout.approvedBy))
        .where(and(where, page.where))
        .$dynamic(),
    // Every row has its owner: the join counts only when the search reads the owner's e-mail or name.
    countUpToCap(db, (query.q ? db.select(matchRow).from(payout).innerJoin(user, owner) : db.select(matchRow).from(payout)).where(where).$dynamic()),
    (row) => toAdminPayoutDto(row.payout, row.user, row.approver, approvalCents, currentRate),
  );
}

/** The export's columns, with who approved a large payout. */
export const PAYOUT_CSV_COLUMNS: CsvColumn<AdminPayoutDto>[] = [
  { header: "Created (UTC)", cell: (row) => textCell(row.createdAt) },
  { header: "Status", cell: (row) => textCell(row.status) },
  { header: "Amount (USD)", cell: (row) => amountCell(row.amountCents) },
  { header: "Wallet address", cell: (row) => textCell(row.walletAddress) },
  { header: "Transaction ID", cell: (row) => textCell(row.txId) },
  // Fixed on approval in automatic crypto mode; an estimate is never exported.
  { header: "Amount (BTC)", cell: (row) => decimalCell(row.amountBtc) },
  { header: "Rate (USD per BTC)", cell: (row) => decimalCell(row.rateUsd) },
  { header: "Rate fixed (UTC)", cell: (row) => textCell(row.rateFixedAt) },
  ...ownerColumns<AdminPayoutDto>(),
  { header: "Needs second approval", cell: (row) => textCell(row.needsApproval ? "yes" : "no") },
  { header: "Approved by", cell: (row) => textCell(row.approvedBy?.email ?? null) },
  { header: "Decided (UTC)", cell: (row) => textCell(row.decidedAt) },
  { header: "Reject reason", cell: (row) => textCell(row.rejectReason) },
  { header: "Payout ID", cell: (row) => textCell(row.id) },
];
