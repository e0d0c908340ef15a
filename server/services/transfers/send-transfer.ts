import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { transfer } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
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
  idempotencyKey = `transfer:${randomUUID()}`,
): Promise<{ transfer: TransferDto; notifications: NotificationInput[] }> {
  const prepared = await prepareTransfer(tx, sender, recipient, amountCents, note, now, idempotencyKey);
  await prepared.postJournal();
  return prepared;
}

/**
 * Writes the transfer's row and notifications, and returns the journal that moves the money as a
 * step to run last in the transaction (runMoneyOperation's lockingStep): it locks both balances,
 * and after it only COMMIT should follow (decision 0029; the row's reference to the journal is
 * checked at COMMIT, migration 0019).
 */
export async function prepareTransfer(
  tx: DbExecutor,
  sender: Party,
  recipient: Party,
  amountCents: bigint,
  note: string | undefined,
  now: Date,
  idempotencyKey = `transfer:${randomUUID()}`,
): Promise<{ transfer: TransferDto; notifications: NotificationInput[]; postJournal: () => Promise<void> }> {
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const journalId = timeOrderedUuid();
  await tx.insert(transfer).values({ id, fromUserId: sender.id, toUserId: recipient.id, amountCents, note: note || null, journalId, createdAt: now });
  const notifications: NotificationInput[] = [
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, subjectId: id },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, subjectId: id },
  ];
  for (const item of notifications) await notify(tx, item);
  const post = async () => {
    const journal = await postJournal(tx, {
      journalId,
      idempotencyKey,
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
  return { transfer: { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() }, notifications, postJournal: post };
}
