import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { payout } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { lockRequestedPayout } from "./lock-payout.js";
import type { AskedRate } from "./ask-rate.js";
import type { PayoutRow } from "./payout-dto.js";
import { payoutInBitcoin } from "./payout-in-bitcoin.js";
import { refuseOwnPayout } from "./refuse-own-payout.js";

/**
 * Four eyes (docs/security.md, "Four eyes"): a second admin lets a large payout be
 * sent. Under the row lock, so of two approvals at once the second sees the first and is refused;
 * the admin who approves may then never mark it paid (`checkFourEyes`), and the payout's own
 * requester may never approve it (`refuseOwnPayout`).
 *
 * In automatic crypto mode (`rate` given, asked for before the transaction) approving also fixes
 * the rate the payout is sent at, once (decision 0055): any payout may then be approved, a small one
 * by any admin other than its owner, which fixes its rate and leaves `approvedBy` (four eyes) null.
 */
export async function approvePayout(tx: DbExecutor, actorId: string, payoutId: string, approvalCents: bigint, now: Date, rate?: AskedRate): Promise<PayoutRow> {
  const current = await lockRequestedPayout(tx, payoutId);
  refuseOwnPayout(current, actorId, "approve it");
  const fourEyes = payoutNeedsApproval(current, approvalCents) && current.approvedBy === null;
  const fixing = rate !== undefined && current.rateFixedAt === null;
  if (!fourEyes && !fixing) {
    const needsNone = rate === undefined && !payoutNeedsApproval(current, approvalCents);
    throw new AppError("CONFLICT", needsNone ? "This payout is below the four-eyes threshold and needs no approval: mark it paid once sent." : "This payout was already approved.");
  }
  const changes = { ...(fourEyes ? { approvedBy: actorId, approvedAt: now } : {}), ...(fixing ? fixedRate(current, rate, actorId, now) : {}) };
  const [updated] = await tx.update(payout).set(changes).where(eq(payout.id, current.id)).returning();
  if (!updated) throw new Error("payout update returned nothing");
  await recordAudit(tx, { actorId, action: fourEyes ? "payout.approve" : "payout.fix_rate", targetType: "payout", targetId: current.id, before: current, after: updated });
  return updated;
}

/** The rate and the satoshis it makes, recorded with who fixed them and when; the sources' refusal (503) when there is no rate. */
function fixedRate(current: PayoutRow, rate: AskedRate, actorId: string, now: Date) {
  if (rate.refused) throw rate.refused;
  const { sats } = payoutInBitcoin(current.amountCents, rate.centsPerBtc);
  return { rateCentsPerBtc: rate.centsPerBtc, amountSats: sats, rateFixedBy: actorId, rateFixedAt: now };
}

/**
 * Before a payout is marked paid: a large one needs another admin's approval first, and the admin
 * who approved it cannot be the one who marks it paid, so one admin alone never pays one out.
 */
export function checkFourEyes(current: PayoutRow, actorId: string, approvalCents: bigint): void {
  if (!payoutNeedsApproval(current, approvalCents)) return;
  if (current.approvedBy === null) throw new AppError("CONFLICT", "This payout is awaiting a second approval: another admin must approve it before it is marked paid.");
  if (current.approvedBy === actorId) throw new AppError("FORBIDDEN", "You approved this payout, so another admin must mark it paid.");
}

/**
 * Whether a payout needs a second admin: decided when it was requested, from the recipient's
 * payouts over 24 hours (server/services/payouts/request-payout.ts). Payouts requested before that
 * rule carry no decision and fall back to their own amount.
 */
export function payoutNeedsApproval(row: Pick<PayoutRow, "amountCents" | "needsApproval">, approvalCents: bigint): boolean {
  return row.needsApproval ?? row.amountCents >= approvalCents;
}
