import { eq } from "drizzle-orm";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { payout } from "#server/db/schema.js";
import { recordAudit } from "../audit/record-audit.js";
import { platformAccount, userAccount, type LedgerAccountRef } from "../ledger/accounts.js";
import { postJournal } from "../ledger/post-journal.js";
import { notify, type NotificationInput } from "../notifications/notify.js";
import { toPayoutDto, type PayoutRow } from "./payout-dto.js";

/** The three ways a requested payout ends, each with its journal and notification kind, audit action and where the held amount goes. */
const ENDINGS = {
  paid: { kind: "payout_paid", action: "payout.mark_paid", to: () => platformAccount("payouts") },
  rejected: { kind: "payout_rejected", action: "payout.reject", to: (userId: string) => userAccount(userId, "available") },
  cancelled: { kind: "payout_cancelled", action: "payout.cancel", to: (userId: string) => userAccount(userId, "available") },
} as const satisfies Record<string, { kind: NotificationInput["kind"]; action: string; to: (userId: string) => LedgerAccountRef }>;

/** A settled payout as its caller answers it, and the notification sent about it. */
export interface SettledPayout {
  payout: PayoutDto;
  notification: NotificationInput;
}

interface Settlement {
  ending: keyof typeof ENDINGS;
  /** The admin who settles it, or its owner cancelling it. */
  actorId: string;
  /** The journal's reference: the chain transaction, the reason, or who cancelled. */
  reference: string;
  /** What the row records besides its status (the chain transaction, the reason). */
  details?: Pick<Partial<PayoutRow>, "txId" | "rejectReason">;
  /** What the user is told. */
  title: string;
  body: string;
  now: Date;
}

/**
 * Ends a payout locked by `lockRequestedPayout`: the held amount leaves the hold under the one
 * journal key all three endings share (`payout:<id>:settled`), so whatever the row lock lets
 * through, the ledger accepts only one of them; then the row, the audit log and the user's
 * notification record the ending.
 */
export async function settlePayout(tx: DbExecutor, current: PayoutRow, settlement: Settlement): Promise<SettledPayout> {
  const { kind, action, to } = ENDINGS[settlement.ending];
  const journal = await postJournal(tx, {
    idempotencyKey: `payout:${current.id}:settled`,
    kind,
    userId: current.userId,
    reference: settlement.reference,
    postings: [
      { account: userAccount(current.userId, "payout_hold"), amountCents: -current.amountCents },
      { account: to(current.userId), amountCents: current.amountCents },
    ],
  });
  if (!journal.created) throw new Error(`payout ${current.id} was still requested but already settled in the ledger`);
  const [updated] = await tx
    .update(payout)
    .set({ ...settlement.details, status: settlement.ending, settleJournalId: journal.journalId, decidedBy: settlement.actorId, decidedAt: settlement.now })
    .where(eq(payout.id, current.id))
    .returning();
  if (!updated) throw new Error("payout update returned nothing");
  await recordAudit(tx, { actorId: settlement.actorId, action, targetType: "payout", targetId: current.id, before: current, after: updated });
  const notification: NotificationInput = { userId: current.userId, kind, title: settlement.title, body: settlement.body, subjectId: current.id };
  await notify(tx, notification);
  return { payout: toPayoutDto(updated), notification };
}
