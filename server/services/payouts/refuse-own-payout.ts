import { AppError } from "#server/errors.js";
import type { PayoutRow } from "./payout-dto.js";

/**
 * Nobody decides on their own money (decision 0032): an admin who requested a payout as a user may
 * not approve it, mark it paid or reject it. Paying it is the danger at any amount, below the
 * four-eyes threshold too (one person alone would send their own money out); approving it would make
 * the requester the "second" pair of eyes; rejecting moves nothing, but is still a decision on one's
 * own case, so it goes to another admin as well. Checked under the payout's row lock.
 */
export function refuseOwnPayout(current: PayoutRow, actorId: string, decision: "approve it" | "mark it paid" | "reject it"): void {
  if (current.userId === actorId) throw new AppError("FORBIDDEN", `This is your own payout, so another admin must ${decision}.`);
}
