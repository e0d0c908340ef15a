import { asc, eq, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { formatCents, toJsonCents } from "#shared/money.js";
import type { AccountExportDto } from "#shared/schemas/account-data.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, depositAddress, investment, moneyRequest, payout, transfer, user } from "#server/db/schema.js";
import { toDepositDto } from "../deposits/deposit-dto.js";
import { toInvestmentDto } from "../investments/investment-dto.js";
import { userAccount, type UserAccountKind } from "../ledger/accounts.js";
import { toPayoutDto } from "../payouts/payout-dto.js";

/*
 * The money part of the investor's export (./export-account.ts): every record of theirs, oldest
 * first, in the shapes the app's own screens use, each amount also written out as a person reads it.
 * Every read names the user: nothing of another account's is read but the name and address of the
 * other person of a transfer or a money request, which the investor's own screens show too.
 */

type Section<K extends keyof AccountExportDto> = AccountExportDto[K];

export async function exportDeposits(db: DbExecutor, userId: string): Promise<Pick<AccountExportDto, "deposits" | "depositAddresses">> {
  const [rows, addresses] = await Promise.all([
    db.select().from(deposit).where(eq(deposit.userId, userId)).orderBy(asc(deposit.createdAt), asc(deposit.id)),
    db
      .select({ address: depositAddress.address, createdAt: depositAddress.createdAt })
      .from(depositAddress)
      .where(eq(depositAddress.userId, userId))
      .orderBy(asc(depositAddress.createdAt)),
  ]);
  return {
    deposits: rows.map((row) => ({ ...toDepositDto(row), amount: formatCents(row.amountCents) })),
    depositAddresses: addresses.map((row) => ({ address: row.address, createdAt: row.createdAt.toISOString() })),
  };
}

export async function exportInvestments(db: DbExecutor, userId: string, now: Date): Promise<Section<"investments">> {
  const rows = await db.select().from(investment).where(eq(investment.userId, userId)).orderBy(asc(investment.createdAt), asc(investment.id));
  // A rollover's successor is the same user's investment, so the list itself says which continues which.
  const successor = new Map(rows.flatMap((row) => (row.rolledOverFrom ? [[row.rolledOverFrom, row.id] as const] : [])));
  return rows.map((row) => ({
    ...toInvestmentDto(row, now, successor.get(row.id) ?? null),
    principal: formatCents(row.principalCents),
    profit: formatCents(row.profitCents),
  }));
}

export async function exportPayouts(db: DbExecutor, userId: string): Promise<Section<"payouts">> {
  const rows = await db.select().from(payout).where(eq(payout.userId, userId)).orderBy(asc(payout.createdAt), asc(payout.id));
  return rows.map((row) => ({ ...toPayoutDto(row), amount: formatCents(row.amountCents) }));
}

/** The other person of a row that names two users: whichever of the two is not the investor. */
const otherOf = (userId: string, first: AnyPgColumn, second: AnyPgColumn) => sql`case when ${first} = ${userId} then ${second} else ${first} end`;

export async function exportTransfers(db: DbExecutor, userId: string): Promise<Section<"transfers">> {
  const other = alias(user, "other");
  const rows = await db
    .select({ transfer, other: { name: other.name, email: other.email } })
    .from(transfer)
    .innerJoin(other, eq(other.id, otherOf(userId, transfer.fromUserId, transfer.toUserId)))
    .where(or(eq(transfer.fromUserId, userId), eq(transfer.toUserId, userId)))
    .orderBy(asc(transfer.createdAt), asc(transfer.id));
  return rows.map(({ transfer: row, other: counterparty }) => ({
    id: row.id,
    direction: row.fromUserId === userId ? ("sent" as const) : ("received" as const),
    counterparty,
    amountCents: toJsonCents(row.amountCents),
    amount: formatCents(row.amountCents),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function exportMoneyRequests(db: DbExecutor, userId: string): Promise<Section<"moneyRequests">> {
  const other = alias(user, "other");
  const rows = await db
    .select({ request: moneyRequest, other: { name: other.name, email: other.email } })
    .from(moneyRequest)
    .innerJoin(other, eq(other.id, otherOf(userId, moneyRequest.requesterId, moneyRequest.payerId)))
    .where(or(eq(moneyRequest.requesterId, userId), eq(moneyRequest.payerId, userId)))
    .orderBy(asc(moneyRequest.createdAt), asc(moneyRequest.id));
  return rows.map(({ request: row, other: counterparty }) => ({
    id: row.id,
    direction: row.payerId === userId ? ("incoming" as const) : ("outgoing" as const),
    counterparty,
    amountCents: toJsonCents(row.amountCents),
    amount: formatCents(row.amountCents),
    note: row.note,
    status: row.status as Section<"moneyRequests">[number]["status"],
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  }));
}

const KINDS: readonly UserAccountKind[] = ["available", "invested", "payout_hold"];

type PostingRow = { journal_id: string; kind: string; reference: string | null; account_id: string; amount_cents: string; balance_after_cents: string | null; created_at: Date | string };

/** The investor's three ledger accounts and every posting on them, oldest first (with what moved the money). */
export async function exportLedger(db: DbExecutor, userId: string): Promise<Section<"ledger">> {
  const ids = KINDS.map((kind) => userAccount(userId, kind).id);
  const kindOf = new Map(KINDS.map((kind, index) => [ids[index]!, kind]));
  const [balances, postings] = await Promise.all([
    db.execute(sql`select id, balance_cents::text as cents from ledger_account where id = any(${sql.param(ids)}::text[])`),
    // The `like` is the condition of the index by (account, created_at) on user accounts (decision 0045).
    db.execute(sql`select p.journal_id, j.kind, j.reference, p.account_id, p.amount_cents::text as amount_cents, p.balance_after_cents::text as balance_after_cents, p.created_at
      from posting p join journal j on j.id = p.journal_id
      where p.account_id = any(${sql.param(ids)}::text[]) and p.account_id like 'u:%'
      order by p.created_at, p.journal_id, p.account_id`),
  ]);
  const balance = new Map((balances as unknown as { rows: Array<{ id: string; cents: string | null }> }).rows.map((row) => [row.id, BigInt(row.cents ?? "0")]));
  return {
    accounts: KINDS.map((kind, index) => {
      const cents = balance.get(ids[index]!) ?? 0n;
      return { kind, balanceCents: toJsonCents(cents), balance: formatCents(cents) };
    }),
    postings: (postings as unknown as { rows: PostingRow[] }).rows.map((row) => ({
      journalId: row.journal_id,
      journalKind: row.kind,
      reference: row.reference,
      account: kindOf.get(row.account_id)!,
      amountCents: toJsonCents(BigInt(row.amount_cents)),
      amount: formatCents(BigInt(row.amount_cents)),
      balanceAfterCents: row.balance_after_cents === null ? null : toJsonCents(BigInt(row.balance_after_cents)),
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
