import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { queryPrepared } from "#server/db/prepared-query.js";
import { transfer } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import type { IdempotencyClaim } from "#server/http/idempotency.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notifyAll, type NotificationInput } from "../notifications/notify.js";
import { refuseRecipient } from "./find-recipient.js";

export interface Party {
  id: string;
  name: string;
  email: string;
}

/** One journal from the sender's available balance to the recipient's; refused if it would overdraw. */
export async function sendTransfer(
  tx: DbExecutor,
  sender: Party,
  recipient: Party,
  amountCents: bigint,
  note: string | undefined,
  now: Date,
  idempotencyKey?: string,
): Promise<{ transfer: TransferDto; notifications: NotificationInput[] }> {
  const prepared = await prepareTransfer(tx, sender, recipient, amountCents, note, now, { idempotencyKey });
  if (!prepared) throw new Error("prepareTransfer wrote nothing without a claim");
  await prepared.postJournal();
  return prepared;
}

/** The transfer's row, and with an Idempotency-Key the request's record (final status and body) in the same statement. */
const INSERT_TRANSFER = {
  name: "insert_transfer_v1",
  text: `insert into transfer (id, from_user_id, to_user_id, amount_cents, note, journal_id, created_at)
    values ($1, $2, $3, $4, $5, $6, $7) returning id`,
};
const INSERT_CLAIMED_TRANSFER = {
  name: "insert_claimed_transfer_v1",
  text: `with claim as (
      insert into idempotency_record (user_id, key, fingerprint, status, body)
      values ($2, $8, $9, 201, $10::jsonb) on conflict do nothing returning 1
    )
    insert into transfer (id, from_user_id, to_user_id, amount_cents, note, journal_id, created_at)
    select $1, $2, $3, $4, $5, $6, $7 from claim returning id`,
};

export interface PrepareOptions {
  /** The journal's idempotency key (a money request's id, say); a new one by default. */
  idempotencyKey?: string;
  /** The request's Idempotency-Key, written here with the row (runClaimingMoneyOperation). */
  claim?: IdempotencyClaim;
}

/**
 * Writes the transfer's row and notifications, and returns the journal that moves the money as a
 * step to run last in the transaction (runMoneyOperation's lockingStep): it locks both balances,
 * and after it only COMMIT should follow (decision 0029; the row's reference to the journal is
 * checked at COMMIT, migration 0019). With a claim whose key was already used it writes nothing
 * and answers `undefined` (the caller replays the first response). The answer's status is 201.
 */
export async function prepareTransfer(
  tx: DbExecutor,
  sender: Party,
  recipient: Party,
  amountCents: bigint,
  note: string | undefined,
  now: Date,
  options: PrepareOptions = {},
): Promise<{ transfer: TransferDto; notifications: NotificationInput[]; postJournal: () => Promise<void> } | undefined> {
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const journalId = timeOrderedUuid();
  const dto: TransferDto = { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() };
  const row = [id, sender.id, recipient.id, amountCents.toString(), note || null, journalId, now];
  const { claim } = options;
  const written = claim
    ? await queryPrepared(tx, INSERT_CLAIMED_TRANSFER.name, INSERT_CLAIMED_TRANSFER.text, [...row, claim.key, claim.fingerprint, JSON.stringify(dto)])
    : await queryPrepared(tx, INSERT_TRANSFER.name, INSERT_TRANSFER.text, row);
  if (written.length === 0) return undefined;
  const notifications: NotificationInput[] = [
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, subjectId: id },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, subjectId: id },
  ];
  await notifyAll(tx, notifications);
  const post = async () => {
    const journal = await postJournal(tx, {
      journalId,
      idempotencyKey: options.idempotencyKey ?? `transfer:${randomUUID()}`,
      kind: "transfer",
      userId: sender.id,
      reference: note?.slice(0, 120) || recipient.email,
      postings: [
        { account: userAccount(sender.id, "available"), amountCents: -amountCents },
        { account: userAccount(recipient.id, "available"), amountCents },
      ],
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this transfer.");
      throw error;
    });
    // The idempotency key was posted before (a retried money request): that journal is the transfer's.
    if (!journal.created) await tx.update(transfer).set({ journalId: journal.journalId }).where(eq(transfer.id, id));
  };
  return { transfer: dto, notifications, postJournal: post };
}
