import { randomUUID } from "node:crypto";
import { formatCents } from "#shared/money.js";
import type { TransferDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { transfer } from "#server/db/schema.js";
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
  if (sender.id === recipient.id) throw refuseRecipient("toEmail");
  const id = randomUUID();
  const journal = await postJournal(tx, {
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
  await tx.insert(transfer).values({ id, fromUserId: sender.id, toUserId: recipient.id, amountCents, note: note || null, journalId: journal.journalId, createdAt: now });
  const notifications: NotificationInput[] = [
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, subjectId: id },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, subjectId: id },
  ];
  for (const item of notifications) await notify(tx, item);
  return { transfer: { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() }, notifications };
}
