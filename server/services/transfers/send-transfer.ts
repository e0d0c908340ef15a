import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { pgArray } from "#server/db/pg-array.js";
import { queryPreparedSql } from "#server/db/prepared-query.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import type { IdempotencyClaim } from "#server/http/idempotency.js";
import { journalError } from "../ledger/post-journal.js";
import { notificationWrites, type NotificationInput } from "../notifications/notify.js";
import { refuseRecipient } from "./find-recipient.js";

export interface Party {
  id: string;
  name: string;
  email: string;
}

export interface TransferOptions {
  /** The journal's idempotency key (a money request's id, say); a new one by default. */
  idempotencyKey?: string;
  /** The request's Idempotency-Key, claimed by the same statement (runClaimedStatement). */
  claim?: IdempotencyClaim;
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
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, subjectId: id },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, subjectId: id },
  ];
  return { order, transfer, notifications, journalId: timeOrderedUuid(), journalKey: order.idempotencyKey ?? `transfer:${randomUUID()}` };
}

/**
 * Sends each order's money from its sender's available balance to its recipient's as ONE statement
 * (decisions 0036, 0038): every order's idempotency record (with the final status and body), their
 * journals through post_journals (which locks every balance once, in id order, and writes each
 * once), the transfer rows naming those journals, both users' notifications, their e-mail copies
 * and the copies' send jobs. The text is the same for any number of orders (one array parameter
 * per column), so it is prepared once per connection.
 *
 * Run on the database itself it commits on its own, so the balance locks are held for the rest of
 * that statement and its WAL flush, never for a round trip to this process. Run in a transaction
 * (paying a money request) it is one statement of it.
 *
 * All or nothing: one order that would overdraw refuses the statement (INSUFFICIENT_FUNDS) and
 * nothing is written; the transfer batcher then sends each order alone. An order whose claim's key
 * was already used, or given to an earlier order of the same call, writes nothing at all and
 * answers `undefined` (the caller replays the first response). Each answer's status is 201.
 */
export async function sendTransfers(executor: DbExecutor, orders: readonly TransferOrder[]): Promise<Array<SentTransfer | undefined>> {
  const prepared = orders.map(prepare);
  const column = (pick: (item: (typeof prepared)[number]) => string | null) => pgArray(prepared.map(pick));
  const notifications = prepared.flatMap((item) => item.notifications);
  const statement = sql`with input as materialized (
      select * from unnest(${column((i) => i.order.claim?.userId ?? null)}::text[], ${column((i) => i.order.claim?.key ?? null)}::text[],
        ${column((i) => i.order.claim?.fingerprint ?? null)}::text[], ${column((i) => JSON.stringify(i.transfer))}::text[],
        ${column((i) => i.transfer.id)}::text[], ${column((i) => i.journalId)}::text[], ${column((i) => i.journalKey)}::text[],
        ${column((i) => i.order.sender.id)}::text[], ${column((i) => i.order.recipient.id)}::text[], ${column((i) => i.order.amountCents.toString())}::bigint[],
        ${column((i) => i.order.note || null)}::text[], ${column((i) => i.order.note?.slice(0, 120) || i.order.recipient.email)}::text[],
        ${column((i) => i.order.now.toISOString())}::timestamptz[])
        with ordinality as t(claim_user, claim_key, fingerprint, body, transfer_id, journal_id, journal_key, sender_id, recipient_id, amount, note, reference, created_at, n)
    ),
    -- In (user, key) order, so two statements claiming the same keys cannot wait on each other; a
    -- key given twice is claimed for its first order only, the other a replay of it.
    claim as materialized (
      insert into idempotency_record (user_id, key, fingerprint, status, body)
      select distinct on (i.claim_user, i.claim_key) i.claim_user, i.claim_key, i.fingerprint, 201, i.body::jsonb
      from input i where i.claim_key is not null
      order by i.claim_user, i.claim_key, i.n
      on conflict do nothing returning user_id, key, (body->>'id') as transfer_id
    ),
    -- The orders that go ahead: claimed now, or carrying no claim.
    sent as materialized (
      select i.*, (row_number() over (order by i.n))::integer as pos from input i
      where i.claim_key is null or i.transfer_id in (select c.transfer_id from claim c)
    ),
    posted_journal as materialized (
      select p.journal_id, p.pos::integer from post_journals(
        array(select s.journal_id from sent s order by s.pos), array(select s.journal_key from sent s order by s.pos),
        array(select 'transfer'::text from sent s order by s.pos), array(select s.sender_id from sent s order by s.pos),
        array(select s.reference from sent s order by s.pos),
        array(select s.pos from sent s, generate_series(1, 2) g order by s.pos, g),
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
    ${await notificationWrites(notifications, sql`t.subject_id in (select s.transfer_id from sent s)`)}
    select s.n::integer as n from sent s join posted_journal j on j.pos = s.pos`;
  const rows = await queryPreparedSql<{ n: number }>(executor, "send_transfers_v1", statement).catch((error: unknown) => {
    const refused = journalError(error);
    if (refused instanceof AppError && refused.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this transfer.");
    throw refused;
  });
  const sent = new Set(rows.map((row) => Number(row.n)));
  return prepared.map((item, index) => (sent.has(index + 1) ? { transfer: item.transfer, notifications: item.notifications } : undefined));
}

/** sendTransfers for one order. */
export async function sendTransfer(executor: DbExecutor, order: TransferOrder): Promise<SentTransfer | undefined> {
  const [sent] = await sendTransfers(executor, [order]);
  return sent;
}
