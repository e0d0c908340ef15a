import { randomUUID } from "node:crypto";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/transfers.js";
import type { DbExecutor } from "#server/db/client.js";
import { eq } from "drizzle-orm";
import { transfer, user } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notifyAll, type NotificationInput } from "../notifications/notify.js";
import { quoted, theirNote } from "../notifications/quoted.js";
import type { AccountHolder } from "./account-holder.js";
import { refuseRecipient } from "./find-recipient.js";

export interface TransferOrder {
  sender: AccountHolder;
  recipient: AccountHolder;
  amountCents: bigint;
  note?: string;
  now: Date;
  /** The journal's idempotency key (a money request's id, say); a new one by default. */
  idempotencyKey?: string;
  /** What the statement shows as its reference (the note has a column of its own); the transfer's own by default. */
  reference?: string;
  /**
   * What the two people are told. By default a transfer's own pair ("Money sent", "Money
   * received"); paying a money request says it in its own words instead, so one payment is never
   * told as two.
   */
  notifications?: (transfer: TransferDto) => NotificationInput[];
}

export interface SentTransfer {
  transfer: TransferDto;
  notifications: NotificationInput[];
}

/** A transfer's own pair of notices: the recipient hears who sent it in that person's words, after ours. */
function transferNotifications(order: TransferOrder, sent: TransferDto): NotificationInput[] {
  const amount = formatCents(order.amountCents);
  return [
    {
      userId: order.recipient.id,
      kind: "transfer_received",
      title: "Money received",
      body: `You received ${amount} from another Termvest user, who gave the name ${quoted(order.sender.name)}.${theirNote(order.note)}`,
      subjectId: sent.id,
    },
    { userId: order.sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${amount} to ${quoted(order.recipient.name)}.`, subjectId: sent.id },
  ];
}

/**
 * Sends money from the sender's available balance to the recipient's, in the caller's transaction
 * (which holds the request's Idempotency-Key claim and its second factor's code): one journal
 * through the ledger's `post_journal`, the transfer row naming it, and the notifications with
 * their e-mail copies. A balance that would go below zero refuses the journal and nothing is written.
 */
export async function sendTransfer(tx: DbExecutor, order: TransferOrder): Promise<SentTransfer> {
  const { sender, recipient, amountCents, note, now } = order;
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const journalId = timeOrderedUuid();
  const reference = order.reference ?? `TR-${id.slice(0, 8).toUpperCase()}`;
  const sent: TransferDto = { id, reference, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() };
  // The rows first, the journal last: posting locks both balances until COMMIT, so between two
  // transfers of the same people that lock is held for the journal alone, not for every write
  // after it (the row names its journal, a reference checked at COMMIT: migration 0019).
  await tx.insert(transfer).values({ id: sent.id, fromUserId: sender.id, toUserId: recipient.id, amountCents, note: note || null, journalId, createdAt: now });
  const notifications = (order.notifications ?? ((made) => transferNotifications(order, made)))(sent);
  await notifyAll(tx, notifications);
  await postJournal(tx, {
    journalId,
    idempotencyKey: order.idempotencyKey ?? `transfer:${sent.id}`,
    kind: "transfer",
    userId: sender.id,
    reference,
    postings: [
      { account: userAccount(sender.id, "available"), amountCents: -amountCents },
      { account: userAccount(recipient.id, "available"), amountCents },
    ],
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this transfer.");
    throw error;
  });
  // Read after posting, which holds the recipient's balance until COMMIT: closing an account takes
  // that balance first, so a close that committed before is seen here (and refused back), and a
  // close that comes after waits for this transfer and finds the balance no longer zero.
  const [holder] = await tx.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, recipient.id));
  if (!holder || holder.closedAt) throw refuseRecipient("toEmail");
  return { transfer: sent, notifications };
}
