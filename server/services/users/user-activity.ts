import { toJsonCents } from "#shared/money.js";
import { and, count, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog, deposit, investment, moneyRequest, payout, session, transfer, user } from "#server/db/schema.js";
import { LIST_LIMIT_DEFAULT, type CountedList } from "#shared/schemas/admin-list.js";
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
import { keyset, newestFirst, type PageRequest } from "../paging/keyset.js";
import { listMyPayouts } from "../payouts/list-payouts.js";
import { listMoneyRequests } from "../transfers/money-requests.js";
import { findUser } from "./user-detail.js";
import { auditAboutUser } from "../audit/about-user.js";

/**
 * The lists on the user detail screen, one keyset page each (`?cursor=&limit=`), newest first,
 * with the `total` of the list. Each reuses the user's own list where one exists, so the operator
 * sees what the user sees, page for page; each answers 404 for an unknown user rather than an
 * empty page.
 */

/** What the route passes: the page after `cursor` (the first without one), `limit` rows (50 unless asked). */
export interface UserListRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

async function total(db: DbExecutor, table: Parameters<ReturnType<DbExecutor["select"]>["from"]>[0], where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

async function counted<T>(db: DbExecutor, userId: string, request: UserListRequest, read: (page: PageRequest) => Promise<ListOf<T>>, all: () => Promise<number>): Promise<CountedList<T>> {
  await findUser(db, userId);
  const [list, n] = await Promise.all([read({ cursor: request.cursor, limit: request.limit ?? LIST_LIMIT_DEFAULT }), all()]);
  // One user's rows: few enough to count whole.
  return { ...list, total: n, totalCapped: false };
}

export function userDeposits(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<DepositDto>> {
  return counted(db, userId, request, (page) => listMyDeposits(db, userId, page), () => total(db, deposit, eq(deposit.userId, userId)));
}

export function userInvestments(db: DbExecutor, userId: string, request: UserListRequest, now: Date): Promise<CountedList<InvestmentDto>> {
  return counted(db, userId, request, (page) => listInvestments(db, userId, now, page), () => total(db, investment, eq(investment.userId, userId)));
}

export function userPayouts(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<PayoutDto>> {
  return counted(db, userId, request, (page) => listMyPayouts(db, userId, page), () => total(db, payout, eq(payout.userId, userId)));
}

export function userMoneyRequests(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<MoneyRequestDto>> {
  const theirs = or(eq(moneyRequest.requesterId, userId), eq(moneyRequest.payerId, userId));
  return counted(db, userId, request, (page) => listMoneyRequests(db, userId, page), () => total(db, moneyRequest, theirs));
}

/** Transfers sent and received, each with the other person, newest first. */
export function userTransfers(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<AdminTransferDto>> {
  const theirs = or(eq(transfer.fromUserId, userId), eq(transfer.toUserId, userId));
  const other = alias(user, "other");
  return counted(
    db,
    userId,
    request,
    async (request) => {
      const page = newestFirst(transfer.createdAt, transfer.id, request);
      const rows = await db
        .select({ transfer, other: { id: other.id, name: other.name, email: other.email }, ...page.fields })
        .from(transfer)
        .innerJoin(other, eq(other.id, sql`case when ${transfer.fromUserId} = ${userId} then ${transfer.toUserId} else ${transfer.fromUserId} end`))
        .where(and(theirs, page.where))
        .orderBy(...page.orderBy)
        .limit(page.readLimit);
      const { rows: shown, nextCursor } = page.page(rows);
      const items = shown.map(
        (row): AdminTransferDto => ({
          id: row.transfer.id,
          direction: row.transfer.fromUserId === userId ? "sent" : "received",
          counterparty: row.other,
          amountCents: toJsonCents(row.transfer.amountCents),
          note: row.transfer.note,
          createdAt: row.transfer.createdAt.toISOString(),
        }),
      );
      return { items, nextCursor };
    },
    () => total(db, transfer, theirs),
  );
}

/**
 * Every event of a user's statement: each journal that touched their accounts once, and each
 * deposit not in the ledger (server/services/ledger/history.ts). The list's true `total`.
 */
async function historyEventCount(db: DbExecutor, userId: string): Promise<number> {
  const own = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  const [row] = (
    (await db.execute(sql`select
      (select count(distinct journal_id) from posting where account_id in (${own[0]}, ${own[1]}, ${own[2]}))
      + (select count(*) from deposit where user_id = ${userId} and status not in ('confirmed', 'settled')) as n`)) as unknown as { rows: Array<{ n: string | number }> }
  ).rows;
  return Number(row?.n ?? 0);
}

/** The statement exactly as the user's own history shows it, page for page. */
export function userLedgerHistory(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<HistoryEntryDto>> {
  return counted(db, userId, request, (page) => transactionHistory(db, userId, page), () => historyEventCount(db, userId));
}

/** Sessions that have not expired, the most recently used first. */
export function userSessions(db: DbExecutor, userId: string, request: UserListRequest, now: Date): Promise<CountedList<AdminSessionDto>> {
  const active = and(eq(session.userId, userId), sql`${session.expiresAt} > ${now.toISOString()}::timestamptz`);
  return counted(
    db,
    userId,
    request,
    async (request) => {
      const page = keyset({
        sort: { key: "updatedAt", direction: "desc" },
        keys: { updatedAt: { expression: session.updatedAt, type: "timestamptz" } },
        id: session.id,
        cursor: request.cursor,
        limit: request.limit,
      });
      const rows = await db.select({ session, ...page.fields }).from(session).where(and(active, page.where)).orderBy(...page.orderBy).limit(page.readLimit);
      const { rows: shown, nextCursor } = page.page(rows);
      const items = shown.map(({ session: row }) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
      }));
      return { items, nextCursor };
    },
    () => total(db, session, active),
  );
}

/** The audit entries about the user, newest first: about the account itself, or one of their own records (server/services/audit/about-user.ts). */
export function userAuditEntries(db: DbExecutor, userId: string, request: UserListRequest): Promise<CountedList<UserAuditEntry>> {
  const about = auditAboutUser(db, userId);
  const actor = alias(user, "actor");
  return counted(
    db,
    userId,
    request,
    async (request) => {
      const page = newestFirst(auditLog.createdAt, auditLog.id, request);
      const rows = await db
        .select({ entry: auditLog, actor: { id: actor.id, email: actor.email }, ...page.fields })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .where(and(about, page.where))
        .orderBy(...page.orderBy)
        .limit(page.readLimit);
      const { rows: shown, nextCursor } = page.page(rows);
      const items = shown.map((row) => ({
        id: row.entry.id,
        action: row.entry.action,
        actor: row.actor?.id ? { id: row.actor.id, email: row.actor.email } : null,
        targetType: row.entry.targetType,
        targetId: row.entry.targetId,
        before: row.entry.before,
        after: row.entry.after,
        createdAt: row.entry.createdAt.toISOString(),
      }));
      return { items, nextCursor };
    },
    () => total(db, auditLog, about),
  );
}
