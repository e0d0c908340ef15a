import { toJsonCents } from "#shared/money.js";
import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog, deposit, investment, moneyRequest, payout, session, transfer, user } from "#server/db/schema.js";
import type { Page } from "#shared/schemas/admin-list.js";
import type { ListOf } from "#shared/schemas/paging.js";
import type { AdminSessionDto, AdminTransferDto, UserAuditEntry } from "#shared/schemas/admin-users.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { listMyDeposits } from "../deposits/list-deposits.js";
import { listInvestments } from "../investments/list-investments.js";
import { userAccount } from "../ledger/accounts.js";
import { transactionHistory } from "../ledger/history.js";
import { toPayoutDto } from "../payouts/payout-dto.js";
import { listMoneyRequests } from "../transfers/money-requests.js";
import { pageWindow } from "../admin-lists/page-query.js";
import { findUser } from "./user-detail.js";

/**
 * The lists on the user detail screen, one page each, newest first. Each reuses
 * the user's own list where one exists, so the operator sees what the user sees; each answers 404
 * for an unknown user rather than an empty page.
 */

export interface PageRequest {
  page: number;
  pageSize: number;
}

async function total(db: DbExecutor, table: Parameters<ReturnType<DbExecutor["select"]>["from"]>[0], where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

async function paged<T>(db: DbExecutor, userId: string, request: PageRequest, items: (limit: number, offset: number) => Promise<T[]>, counted: () => Promise<number>): Promise<Page<T>> {
  await findUser(db, userId);
  const { limit, offset } = pageWindow(request);
  return { items: await items(limit, offset), page: request.page, pageSize: request.pageSize, total: await counted() };
}

/** The page asked for of a cursor-paged list, walked to until these lists move to cursors too. */
async function walked<T>(request: PageRequest, read: (page: { cursor: string | undefined; limit: number }) => Promise<ListOf<T>>): Promise<T[]> {
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const list = await read({ cursor, limit: request.pageSize });
    if (page === request.page) return list.items;
    if (list.nextCursor === null) return [];
    cursor = list.nextCursor;
  }
}

export function userDeposits(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<DepositDto>> {
  return paged(db, userId, request, () => walked(request, (page) => listMyDeposits(db, userId, page)), () => total(db, deposit, eq(deposit.userId, userId)));
}

export function userInvestments(db: DbExecutor, userId: string, request: PageRequest, now: Date): Promise<Page<InvestmentDto>> {
  return paged(db, userId, request, () => walked(request, (page) => listInvestments(db, userId, now, page)), () => total(db, investment, eq(investment.userId, userId)));
}

export function userPayouts(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<PayoutDto>> {
  return paged(
    db,
    userId,
    request,
    async (limit, offset) =>
      (await db.select().from(payout).where(eq(payout.userId, userId)).orderBy(desc(payout.createdAt), desc(payout.id)).limit(limit).offset(offset)).map(toPayoutDto),
    () => total(db, payout, eq(payout.userId, userId)),
  );
}

export function userMoneyRequests(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<MoneyRequestDto>> {
  const theirs = or(eq(moneyRequest.requesterId, userId), eq(moneyRequest.payerId, userId));
  return paged(db, userId, request, () => walked(request, (page) => listMoneyRequests(db, userId, page)), () => total(db, moneyRequest, theirs));
}

/** Transfers sent and received, each with the other person. */
export function userTransfers(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<AdminTransferDto>> {
  const theirs = or(eq(transfer.fromUserId, userId), eq(transfer.toUserId, userId));
  const other = alias(user, "other");
  return paged(
    db,
    userId,
    request,
    async (limit, offset) => {
      const rows = await db
        .select({ transfer, other: { id: other.id, name: other.name, email: other.email } })
        .from(transfer)
        .innerJoin(other, eq(other.id, sql`case when ${transfer.fromUserId} = ${userId} then ${transfer.toUserId} else ${transfer.fromUserId} end`))
        .where(theirs)
        .orderBy(desc(transfer.createdAt), desc(transfer.id))
        .limit(limit)
        .offset(offset);
      return rows.map(
        (row): AdminTransferDto => ({
          id: row.transfer.id,
          direction: row.transfer.fromUserId === userId ? "sent" : "received",
          counterparty: row.other,
          amountCents: toJsonCents(row.transfer.amountCents),
          note: row.transfer.note,
          createdAt: row.transfer.createdAt.toISOString(),
        }),
      );
    },
    () => total(db, transfer, theirs),
  );
}

/**
 * Every event of a user's statement: each journal that touched their accounts once, and each
 * deposit not in the ledger (server/services/ledger/history.ts). The pager's true total.
 */
async function historyEventCount(db: DbExecutor, userId: string): Promise<number> {
  const own = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  const [row] = (
    (await db.execute(sql`select
      (select count(distinct journal_id) from posting where account_id in (${own[0]}, ${own[1]}, ${own[2]}))
      + (select count(*) from deposit where user_id = ${userId} and status <> 'confirmed') as n`)) as unknown as { rows: Array<{ n: string | number }> }
  ).rows;
  return Number(row?.n ?? 0);
}

/** The statement exactly as the user's own history shows it. */
export function userLedgerHistory(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<HistoryEntryDto>> {
  return paged(
    db,
    userId,
    request,
    async () => (await walked(request, (page) => transactionHistory(db, userId, page))) as HistoryEntryDto[],
    () => historyEventCount(db, userId),
  );
}

/** Sessions that have not expired, the most recently used first. */
export function userSessions(db: DbExecutor, userId: string, request: PageRequest, now: Date): Promise<Page<AdminSessionDto>> {
  const active = and(eq(session.userId, userId), sql`${session.expiresAt} > ${now.toISOString()}::timestamptz`);
  return paged(
    db,
    userId,
    request,
    async (limit, offset) =>
      (await db.select().from(session).where(active).orderBy(desc(session.updatedAt), desc(session.id)).limit(limit).offset(offset)).map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
      })),
    () => total(db, session, active),
  );
}

/** The audit entries about the user: about the account itself, or one of their deposits, payouts or investments. */
export function userAuditEntries(db: DbExecutor, userId: string, request: PageRequest): Promise<Page<UserAuditEntry>> {
  const about = or(
    and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)),
    and(eq(auditLog.targetType, "deposit"), inArray(auditLog.targetId, db.select({ id: deposit.id }).from(deposit).where(eq(deposit.userId, userId)))),
    and(eq(auditLog.targetType, "payout"), inArray(auditLog.targetId, db.select({ id: payout.id }).from(payout).where(eq(payout.userId, userId)))),
    and(eq(auditLog.targetType, "investment"), inArray(auditLog.targetId, db.select({ id: investment.id }).from(investment).where(eq(investment.userId, userId)))),
  );
  const actor = alias(user, "actor");
  return paged(
    db,
    userId,
    request,
    async (limit, offset) =>
      (
        await db
          .select({ entry: auditLog, actor: { id: actor.id, email: actor.email } })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorId))
          .where(about)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({
        id: row.entry.id,
        action: row.entry.action,
        actor: row.actor?.id ? { id: row.actor.id, email: row.actor.email } : null,
        targetType: row.entry.targetType,
        targetId: row.entry.targetId,
        before: row.entry.before,
        after: row.entry.after,
        createdAt: row.entry.createdAt.toISOString(),
      })),
    () => total(db, auditLog, about),
  );
}
