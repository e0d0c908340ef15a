import { eq } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { payout } from "#server/db/schema.js";
import { recordAudit } from "../audit/record-audit.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { checkFourEyes } from "./approve-payout.js";
import { lockRequestedPayout } from "./lock-payout.js";
import { toPayoutDto } from "./payout-dto.js";
import { refuseOwnPayout } from "./refuse-own-payout.js";

/**
 * Hold → the platform's payouts account: the money has left. Once only: row lock + journal key.
 * A payout at or above `approvalCents` needs a second admin's approval, and not the caller's; the
 * payout's own requester never marks it paid, whatever its amount.
 */
export async function markPayoutPaid(
  tx: DbExecutor,
  actorId: string,
  payoutId: string,
  txId: string,
  approvalCents: bigint,
  now: Date,
): Promise<{ payout: PayoutDto; notification: NotificationInput }> {
  const current = await lockRequestedPayout(tx, payoutId);
  refuseOwnPayout(current, actorId, "mark it paid");
  checkFourEyes(current, actorId, approvalCents);
  const journal = await postJournal(tx, {
    idempotencyKey: `payout:${current.id}:settled`,
    kind: "payout_paid",
    userId: current.userId,
    reference: txId,
    postings: [
      { account: userAccount(current.userId, "payout_hold"), amountCents: -current.amountCents },
      { account: platformAccount("payouts"), amountCents: current.amountCents },
    ],
  });
  const [updated] = await tx.update(payout).set({ status: "paid", txId, settleJournalId: journal.journalId, decidedBy: actorId, decidedAt: now }).where(eq(payout.id, current.id)).returning();
  if (!updated) throw new Error("payout update returned nothing");
  await recordAudit(tx, { actorId, action: "payout.mark_paid", targetType: "payout", targetId: current.id, before: current, after: updated });
  const notification: NotificationInput = {
    userId: current.userId,
    kind: "payout_paid",
    title: "Payout sent",
    body: `Your payout of ${formatCents(current.amountCents)} was sent to ${current.walletAddress} (transaction ${txId}).`,
    subjectId: current.id,
  };
  await notify(tx, notification);
  return { payout: toPayoutDto(updated), notification };
}

/**
 * Hold → available: the money comes back. The same journal key as paying and cancelling, so only one
 * can ever happen. Not by the payout's own requester (a user cancels their own payout instead).
 */
export async function rejectPayout(tx: DbExecutor, actorId: string, payoutId: string, reason: string, now: Date): Promise<{ payout: PayoutDto; notification: NotificationInput }> {
  const current = await lockRequestedPayout(tx, payoutId);
  refuseOwnPayout(current, actorId, "reject it");
  const journal = await postJournal(tx, {
    idempotencyKey: `payout:${current.id}:settled`,
    kind: "payout_rejected",
    userId: current.userId,
    reference: reason.slice(0, 120),
    postings: [
      { account: userAccount(current.userId, "payout_hold"), amountCents: -current.amountCents },
      { account: userAccount(current.userId, "available"), amountCents: current.amountCents },
    ],
  });
  const [updated] = await tx.update(payout).set({ status: "rejected", rejectReason: reason, settleJournalId: journal.journalId, decidedBy: actorId, decidedAt: now }).where(eq(payout.id, current.id)).returning();
  if (!updated) throw new Error("payout update returned nothing");
  await recordAudit(tx, { actorId, action: "payout.reject", targetType: "payout", targetId: current.id, before: current, after: updated });
  const notification: NotificationInput = {
    userId: current.userId,
    kind: "payout_rejected",
    title: "Payout returned",
    body: `Your payout of ${formatCents(current.amountCents)} was not sent: ${reason} The amount is back in your main balance.`,
    subjectId: current.id,
  };
  await notify(tx, notification);
  return { payout: toPayoutDto(updated), notification };
}
