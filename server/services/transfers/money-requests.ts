import { randomUUID } from "node:crypto";
import { and, count, eq, gte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatCents, toJsonCents } from "#shared/money.js";
import type { CreateMoneyRequestInput, MoneyRequestDto } from "#shared/schemas/money-requests.js";
import type { DbExecutor } from "#server/db/client.js";
import { moneyRequest, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { ListOf } from "#shared/schemas/paging.js";
import { newestFirst, type PageRequest } from "../paging/keyset.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { quoted, theirNote } from "../notifications/quoted.js";
import { refuseRecipient } from "./find-recipient.js";
import type { AccountHolder } from "./account-holder.js";
import { sendTransfer } from "./send-transfer.js";

type Row = typeof moneyRequest.$inferSelect;

function toDto(row: Row, viewerId: string, counterparty: { name: string; email: string }): MoneyRequestDto {
  return {
    id: row.id,
    direction: row.payerId === viewerId ? "incoming" : "outgoing",
    counterparty,
    amountCents: toJsonCents(row.amountCents),
    note: row.note,
    status: row.status as MoneyRequestDto["status"],
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** Enough for real life; too few to flood one person, or many, with requests and their e-mails. */
export const MONEY_REQUEST_LIMITS = { openPerRequester: 10, perPayerPerDay: 5 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses a request beyond the limits; the lock makes concurrent requests by one requester count one after another. */
async function checkRequestLimits(tx: DbExecutor, requesterId: string, payerId: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`money-request:${requesterId}`}))`);
  const [open] = await tx
    .select({ n: count() })
    .from(moneyRequest)
    .where(and(eq(moneyRequest.requesterId, requesterId), eq(moneyRequest.status, "pending")));
  if ((open?.n ?? 0) >= MONEY_REQUEST_LIMITS.openPerRequester) {
    throw new AppError("CONFLICT", `You already have ${MONEY_REQUEST_LIMITS.openPerRequester} open requests. Wait until some are paid or declined before asking again.`);
  }
  const [toPayer] = await tx
    .select({ n: count() })
    .from(moneyRequest)
    .where(and(eq(moneyRequest.requesterId, requesterId), eq(moneyRequest.payerId, payerId), gte(moneyRequest.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((toPayer?.n ?? 0) >= MONEY_REQUEST_LIMITS.perPayerPerDay) {
    throw new AppError("RATE_LIMITED", `You can ask the same person for money at most ${MONEY_REQUEST_LIMITS.perPayerPerDay} times in 24 hours. Please try again later.`);
  }
}

/** `payer` comes from `findRecipient`, run before this transaction. */
export async function createMoneyRequest(
  tx: DbExecutor,
  requester: AccountHolder,
  payer: AccountHolder,
  input: CreateMoneyRequestInput,
  now: Date,
): Promise<{ request: MoneyRequestDto; notifications: NotificationInput[] }> {
  if (payer.id === requester.id) throw refuseRecipient("fromEmail");
  await checkRequestLimits(tx, requester.id, payer.id, now);
  const [row] = await tx
    .insert(moneyRequest)
    .values({
      id: randomUUID(),
      requesterId: requester.id,
      payerId: payer.id,
      amountCents: BigInt(input.amountCents),
      note: input.note || null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("money request insert returned nothing");
  const notification: NotificationInput = {
    userId: payer.id,
    kind: "money_requested",
    title: "Money requested",
    body: `You have a new request for ${formatCents(row.amountCents)} from another Termvest user, who gave the name ${quoted(requester.name)}.${theirNote(row.note)}`,
    subjectId: row.id,
  };
  await notify(tx, notification);
  return { request: toDto(row, requester.id, { name: payer.name, email: payer.email }), notifications: [notification] };
}

/** Requests the caller made or was asked to pay, newest first (theirs, and the back office's view of them). */
export async function listMoneyRequests(db: DbExecutor, viewerId: string, request: PageRequest): Promise<ListOf<MoneyRequestDto>> {
  const requester = alias(user, "requester");
  const payer = alias(user, "payer");
  const page = newestFirst(moneyRequest.createdAt, moneyRequest.id, request);
  const rows = await db
    .select({ request: moneyRequest, requester: { name: requester.name, email: requester.email }, payer: { name: payer.name, email: payer.email }, ...page.fields })
    .from(moneyRequest)
    .innerJoin(requester, eq(requester.id, moneyRequest.requesterId))
    .innerJoin(payer, eq(payer.id, moneyRequest.payerId))
    .where(and(or(eq(moneyRequest.requesterId, viewerId), eq(moneyRequest.payerId, viewerId)), page.where))
    .orderBy(...page.orderBy)
    .limit(page.readLimit);
  const { rows: shown, nextCursor } = page.page(rows);
  return { items: shown.map((row) => toDto(row.request, viewerId, row.request.payerId === viewerId ? row.requester : row.payer)), nextCursor };
}

/** Only the person asked may answer, once: the row lock serialises answers and pay uses a journal key per request. */
async function lockForPayer(tx: DbExecutor, id: string, payerId: string): Promise<Row> {
  const [row] = await tx.select().from(moneyRequest).where(eq(moneyRequest.id, id)).for("update");
  if (!row || row.payerId !== payerId) throw new AppError("NOT_FOUND", "No such request.");
  if (row.status !== "pending") throw new AppError("CONFLICT", `This request was already ${row.status}.`);
  return row;
}

export async function payMoneyRequest(tx: DbExecutor, payer: AccountHolder, id: string, now: Date): Promise<{ request: MoneyRequestDto; notifications: NotificationInput[] }> {
  const row = await lockForPayer(tx, id, payer.id);
  const [requester] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, row.requesterId));
  if (!requester) throw new AppError("NOT_FOUND", "No such request.");
  const amount = formatCents(row.amountCents);
  // One payment, one notice each, about the request: never a "money received" beside a "request
  // paid", which together read as twice the amount.
  const sent = await sendTransfer(tx, {
    sender: payer,
    recipient: requester,
    amountCents: row.amountCents,
    note: row.note ?? undefined,
    now,
    idempotencyKey: `money-request:${row.id}`,
    reference: `MR-${row.id.slice(0, 8).toUpperCase()}`,
    notifications: () => [
      { userId: payer.id, kind: "money_request_payment_sent", title: "Request paid", body: `You paid ${amount} to ${quoted(requester.name)}, who asked you for it.`, subjectId: row.id },
      {
        userId: requester.id,
        kind: "money_request_paid",
        title: "Request paid",
        body: `${quoted(payer.name)} paid your request of ${amount}. It is in your Main Balance.`,
        subjectId: row.id,
      },
    ],
  });
  const [updated] = await tx.update(moneyRequest).set({ status: "paid", transferId: sent.transfer.id, answeredAt: now }).where(eq(moneyRequest.id, row.id)).returning();
  if (!updated) throw new Error("money request update returned nothing");
  return { request: toDto(updated, payer.id, { name: requester.name, email: requester.email }), notifications: sent.notifications };
}

export async function declineMoneyRequest(tx: DbExecutor, payer: AccountHolder, id: string, now: Date): Promise<{ request: MoneyRequestDto; notifications: NotificationInput[] }> {
  const row = await lockForPayer(tx, id, payer.id);
  const [updated] = await tx.update(moneyRequest).set({ status: "declined", answeredAt: now }).where(eq(moneyRequest.id, row.id)).returning();
  if (!updated) throw new Error("money request update returned nothing");
  const [requester] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, row.requesterId));
  const notification: NotificationInput = { userId: row.requesterId, kind: "money_request_declined", title: "Request declined", body: `Your request for ${formatCents(row.amountCents)} was declined by ${quoted(payer.name)}.`, subjectId: row.id };
  await notify(tx, notification);
  return { request: toDto(updated, payer.id, requester ?? { name: "", email: "" }), notifications: [notification] };
}
