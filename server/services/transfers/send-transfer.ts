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
import { userAccount } from "../ledger/accounts.js";
import { journalError, readPosted } from "../ledger/post-journal.js";
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

/**
 * Sends money from the sender's available balance to the recipient's, refused if it would overdraw,
 * as ONE statement (decision 0036): the request's idempotency record (with the final status and
 * body), the journal through post_journal (which locks both balances in id order), the transfer row
 * naming that journal, both users' notifications, their e-mail copies and the copies' send jobs.
 *
 * Run on the database itself it commits on its own, so the balance locks are held for the rest of
 * that statement and its WAL flush, never for a round trip to this process: transfers between the
 * same two people queue for the database's commit, not for our event loop. Run in a transaction
 * (paying a money request) it is one statement of it.
 *
 * With a claim whose key was already used it writes nothing at all and answers `undefined` (the
 * caller replays the first response). The answer's status is 201.
 */
export async function sendTransfer(
  executor: DbExecutor,
  sender: Party,
  recipient: Party,
  amountCents: bigint,
  note: string | undefined,
  now: Date,
  options: TransferOptions = {},
): Promise<{ transfer: TransferDto; notifications: NotificationInput[] } | undefined> {
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const transfer: TransferDto = { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() };
  const notifications: NotificationInput[] = [
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, subjectId: id },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, subjectId: id },
  ];
  const { claim } = options;
  // Without a claim the statement's guard is a row that is always there.
  const claimed = claim
    ? sql`insert into idempotency_record (user_id, key, fingerprint, status, body)
        values (${claim.userId}, ${claim.key}, ${claim.fingerprint}, 201, ${JSON.stringify(transfer)}::jsonb)
        on conflict do nothing returning 1`
    : sql`select 1`;
  const accounts = pgArray([userAccount(sender.id, "available").id, userAccount(recipient.id, "available").id]);
  const amounts = pgArray([(-amountCents).toString(), amountCents.toString()]);
  const statement = sql`with claim as materialized (${claimed}),
    posted_journal as materialized (
      select post_journal(${timeOrderedUuid()}, ${options.idempotencyKey ?? `transfer:${randomUUID()}`}, 'transfer',
        ${sender.id}, ${note?.slice(0, 120) || recipient.email}, ${accounts}::text[], ${amounts}::bigint[]) as posted
      from claim
    ),
    moved as (
      -- The journal post_journal answers: a new one, or the one posted before under the same key.
      insert into transfer (id, from_user_id, to_user_id, amount_cents, note, journal_id, created_at)
      select ${id}, ${sender.id}, ${recipient.id}, ${amountCents.toString()}::bigint, ${note || null}, (j.posted)[1], ${now.toISOString()}::timestamptz
      from posted_journal j
    ),
    ${await notificationWrites(notifications, sql`exists (select 1 from claim)`)}
    select posted from posted_journal`;
  const rows = await queryPreparedSql<{ posted: string[] }>(executor, claim ? "send_transfer_claimed_v1" : "send_transfer_v1", statement).catch((error: unknown) => {
    const refused = journalError(error);
    if (refused instanceof AppError && refused.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this transfer.");
    throw refused;
  });
  const [row] = rows;
  if (!row) return undefined;
  readPosted(row.posted);
  return { transfer, notifications };
}
