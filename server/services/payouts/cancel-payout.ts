import { eq } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { payout } from "#server/db/schema.js";
import { recordAudit } from "../audit/record-audit.js";
import { userAccount } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { lockRequestedPayout } from "./lock-payout.js";
import { toPayoutDto } from "./payout-dto.js";

/**
 * The user takes back a payout nobody has sent yet: hold → available. It posts under the same
 * journal key as mark-paid and reject (`payout:<id>:settled`), so whatever the row lock lets
 * through, the ledger still accepts only one of the three.
 */
export async function cancelPayout(tx: DbExecutor, caller: { id: string }, payoutId: string, now: Date): Promise<{ payout: PayoutDto; notification: NotificationInput }> {
  const current = await lockRequestedPayout(tx, payoutId, caller.id);
  const journal = await postJournal(tx, {
    idempotencyKey: `payout:${current.id}:settled`,
    kind: "payout_cancelled",
    userId: current.userId,
    reference: "Cancelled by the user",
    postings: [
      { account: userAccount(current.userId, "payout_hold"), amountCents: -current.amountCents },
      { account: userAccount(current.userId, "available"), amountCents: current.amountCents },
    ],
  });
  if (!journal.created) throw new Error(`payout ${current.id} was still requested but already settled in the ledger`);
  const [updated] = await tx
    .update(payout)
    .set({ status: "cancelled", settleJournalId: journal.journalId, decidedBy: caller.id, decidedAt: now })
    .where(eq(payout.id, current.id))
    .returning();
  if (!updated) throw new Error("payout update returned nothing");
  await recordAudit(tx, { actorId: caller.id, action: "payout.cancel", targetType: "payout", targetId: current.id, before: current, after: updated });
  const notification: NotificationInput = {
    userId: current.userId,
    kind: "payout_cancelled",
    title: "Payout cancelled",
    body: `You cancelled your payout of ${formatCents(current.amountCents)} to ${current.walletAddress}. The amount is back in your main balance.`,
    subjectId: current.id,
  };
  await notify(tx, notification);
  return { payout: toPayoutDto(updated), notification };
}
