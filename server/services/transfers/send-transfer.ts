import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.js";
import type { TransferDto } from "../../../shared/schemas/payouts.js";
import type { DbExecutor } from "../../db/client.js";
import { transfer, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";

export interface Party {
  id: string;
  name: string;
  email: string;
}

/** The account for an e-mail, or a 404 that says no more than sign-up already reveals. */
export async function findUserByEmail(db: DbExecutor, email: string): Promise<Party> {
  const [found] = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!found) throw new AppError("NOT_FOUND", "No account uses that e-mail address.", { toEmail: "No account uses that e-mail address." });
  return found;
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
  if (sender.id === recipient.id) throw new AppError("VALIDATION_FAILED", "You cannot send money to yourself.", { toEmail: "You cannot send money to yourself." });
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
    { userId: recipient.id, kind: "transfer_received", title: "Money received", body: `${sender.name} sent you ${formatCents(amountCents)}${note ? `: ${note}` : "."}`, link: "/dashboard/transaction" },
    { userId: sender.id, kind: "transfer_sent", title: "Money sent", body: `You sent ${formatCents(amountCents)} to ${recipient.name}.`, link: "/dashboard/transaction" },
  ];
  for (const item of notifications) await notify(tx, item);
  return { transfer: { id, amountCents: Number(amountCents), toName: recipient.name, note: note || null, createdAt: now.toISOString() }, notifications };
}
