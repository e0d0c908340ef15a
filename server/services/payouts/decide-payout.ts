import { formatBtc, formatCents } from "#shared/money.js";
import type { DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { checkFourEyes } from "./approve-payout.js";
import { lockRequestedPayout } from "./lock-payout.js";
import { refuseOwnPayout } from "./refuse-own-payout.js";
import { settlePayout, type SettledPayout } from "./settle-payout.js";

/**
 * Hold → the platform's payouts account: the money has left. Once only: row lock + journal key.
 * A payout at or above `approvalCents` needs a second admin's approval, and not the caller's; the
 * payout's own requester never marks it paid, whatever its amount. In automatic crypto mode
 * (`inBitcoin`) it is sent at the rate fixed when it was approved, so it must have been approved
 * (decision 0055); the fixed rate is what is sent, however long ago it was fixed.
 */
export async function markPayoutPaid(
  tx: DbExecutor,
  actorId: string,
  payoutId: string,
  txId: string,
  approvalCents: bigint,
  now: Date,
  inBitcoin = false,
): Promise<SettledPayout> {
  const current = await lockRequestedPayout(tx, payoutId);
  refuseOwnPayout(current, actorId, "mark it paid");
  checkFourEyes(current, actorId, approvalCents);
  if (inBitcoin && current.amountSats === null) {
    throw new AppError("CONFLICT", "This payout's bitcoin rate is not fixed yet: approve it first (approving fixes the rate), then send the bitcoin and mark it paid.");
  }
  const sent = current.amountSats === null ? "" : ` (${formatBtc(current.amountSats)} BTC)`;
  return settlePayout(tx, current, {
    ending: "paid",
    actorId,
    reference: txId,
    details: { txId },
    title: "Payout sent",
    body: `Your payout of ${formatCents(current.amountCents)}${sent} was sent to ${current.walletAddress} (transaction ${txId}).`,
    now,
  });
}

/**
 * Hold → available: the money comes back. The same journal key as paying and cancelling, so only one
 * can ever happen. Not by the payout's own requester (a user cancels their own payout instead).
 */
export async function rejectPayout(tx: DbExecutor, actorId: string, payoutId: string, reason: string, now: Date): Promise<SettledPayout> {
  const current = await lockRequestedPayout(tx, payoutId);
  refuseOwnPayout(current, actorId, "reject it");
  return settlePayout(tx, current, {
    ending: "rejected",
    actorId,
    reference: reason.slice(0, 120),
    details: { rejectReason: reason },
    title: "Payout returned",
    body: `Your payout of ${formatCents(current.amountCents)} was not sent: ${reason} The amount is back in your main balance.`,
    now,
  });
}
