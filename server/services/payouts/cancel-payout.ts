import { formatCents } from "#shared/money.js";
import type { DbExecutor } from "#server/db/client.js";
import { lockRequestedPayout } from "./lock-payout.js";
import { settlePayout, type SettledPayout } from "./settle-payout.js";

/**
 * The user takes back a payout nobody has sent yet: hold → available, under the journal key
 * mark-paid and reject share (settle-payout.ts).
 */
export async function cancelPayout(tx: DbExecutor, caller: { id: string }, payoutId: string, now: Date): Promise<SettledPayout> {
  const current = await lockRequestedPayout(tx, payoutId, caller.id);
  return settlePayout(tx, current, {
    ending: "cancelled",
    actorId: caller.id,
    reference: "Cancelled by the user",
    title: "Payout cancelled",
    body: `You cancelled your payout of ${formatCents(current.amountCents)} to ${current.walletAddress}. The amount is back in your main balance.`,
    now,
  });
}
