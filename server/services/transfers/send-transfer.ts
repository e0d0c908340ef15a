import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queryPreparedSql } from "#server/db/prepared-query.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import { journalError } from "../ledger/post-journal.js";
import { notificationWrites, type NotificationInput } from "../notifications/notify.js";
import { quoted, theirNote } from "../notifications/quoted.js";
import { refuseRecipient } from "./find-recipient.js";

export interface Party {
  id: string;
  name: string;
  email: string;
}

export interface TransferOptions {
  /** The journal's idempotency key (a money request's id, say); a new one by default. */
  idempotencyKey?: string;
}

export interface TransferOrder extends TransferOptions {
  sender: Party;
  recipient: Party;
  amountCents: bigint;
  note?: string;
  now: Date;
}

export interface SentTransfer {
  transfer: TransferDto;
  notifications: NotificationInput[];
}

/** What one transfer writes, made before the statement: its ids, its answer, both notifications. */
function prepare(order: TransferOrder) {
  const { sender, recipient, amountCents, note, now } = order;
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const transfer: TransferDto = { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() };
  const notifications: NotificationInput[] = [
    {
      userId: recipient.id,
      kind: "transfer_received",
      title: "Money received",
      body: `You received ${formatCents(amountCents)} from another Termvest user, who gave the name ${quoted(sender.name)}.${theirNote(note)}`,
      subjectId: id,
    },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${quoted(recipient.name)}.`, subjectId: id },
  ];
  return { order, transfer, notifications, journalId: timeOrderedUuid(), journalKey: order.idempotencyKey ?? `transfer:${randomUUID()}` };
}

/**
 * Sends each order's money from its sender's available balance to its recipient's as ONE statement
 * in the caller's transaction: their journals through post_journals (which locks every balance
 * once, in id order, and writes each once), the transfer rows naming those journals, both users'
 * notifications, their e-mail copies and the copies' send jobs. The caller's transaction holds the
 * request's Idempotency-Key claim (server/http/idempotency.ts) and its second factor's code.
 *
 * All or nothing: one order that would overdraw refuses the statement (INSUFFICIENT_FUNDS) and
 * nothing is written. Each answer's status is 201.
 */
export async function sendTransfers(executor: DbExecutor, orders: readonly TransferOrder[]): Promise<SentTransfer[]> {
  const prepared = orders.map(prepare);
  const column = (pick: (item: (typeof prepared)[number]) => string | null) => pgArray(prepared.map(pick));
  const notifications = prepared.flatMap((item) => item.notifications);
  const statement = sql`with sent as materialized (
      select * from unnest(${column((i) => i.transfer.id)}::text[], ${column((i) => i.journalId)}::text[], ${column((i) => i.journalKey)}::text[],
        ${column((i) => i.order.sender.id)}::text[], ${column((i) => i.order.recipient.id)}::text[], ${column((i) => i.order.amountCents.toString())}::bigint[],
        ${column((i) => i.order.note || null)}::text[], ${column((i) => i.order.note?.slice(0, 120) || i.order.recipient.email)}::text[],
        ${column((i) => i.order.now.toISOString())}::timestamptz[])
        with ordinality as t(transfer_id, journal_id, journal_key, sender_id, recipient_id, amount, note, reference, created_at, pos)
    ),
    posted_journal as materialized (
      select p.journal_id, p.pos::integer from post_journals(
        array(select s.journal_id from sent s order by s.pos), array(select s.journal_key from sent s order by s.pos),
        array(select 'transfer'::text from sent s order by s.pos), array(select s.sender_id from sent s order by s.pos),
        array(select s.reference from sent s order by s.pos),
        array(select s.pos::integer from sent s, generate_series(1, 2) g order by s.pos, g),
        array(select ledger_account_id(case g when 1 then s.sender_id else s.recipient_id end, 'available') from sent s, generate_series(1, 2) g order by s.pos, g),
        array(select case g when 1 then -s.amount else s.amount end from sent s, generate_series(1, 2) g order by s.pos, g)
      ) with ordinality as p(journal_id, created, pos)
    ),
    moved as (
      -- The journal post_journals answers: a new one, or the one posted before under the same key.
      insert into transfer (id, from_user_id, to_user_id, amount_cents, note, journal_id, created_at)
      select s.transfer_id, s.sender_id, s.recipient_id, s.amount, s.note, j.journal_id, s.created_at
      from sent s join posted_journal j on j.pos = s.pos order by s.pos
    ),
    ${await notificationWrites(notifications)}
    select count(*)::integer as n from posted_journal`;
  await queryPreparedSql<{ n: number }>(executor, "send_transfers_v2", statement).catch((error: unknown) => {
    const refused = journalError(error);
    if (refused instanceof AppError && refused.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this transfer.");
    throw refused;
  });
  return prepared.map((item) => ({ transfer: item.transfer, notifications: item.notifications }));
}

/** sendTransfers for one order. */
export async function sendTransfer(executor: DbExecutor, order: TransferOrder): Promise<SentTransfer> {
  const [sent] = await sendTransfers(executor, [order]);
  return sent!;
}
