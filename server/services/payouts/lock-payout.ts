import { and, eq } from "drizzle-orm";
import type { PayoutStatus } from "#shared/schemas/payouts.js";
import type { DbExecutor } from "#server/db/client.js";
import { payout } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { PayoutRow } from "./payout-dto.js";

const DECIDED: Record<Exclude<PayoutStatus, "requested">, string> = {
  paid: "This payout was already marked paid.",
  rejected: "This payout was already rejected.",
  cancelled: "This payout was already cancelled.",
};

/**
 * Locks a payout that is still waiting to be sent. Mark-paid, reject and cancel all start here, so
 * they queue on the row lock and the later ones see the first one's outcome. With `ownerId`, another
 * user's payout is answered exactly like a missing one, so ids cannot be probed.
 */
export async function lockRequestedPayout(tx: DbExecutor, payoutId: string, ownerId?: string): Promise<PayoutRow> {
  const owned = ownerId === undefined ? eq(payout.id, payoutId) : and(eq(payout.id, payoutId), eq(payout.userId, ownerId));
  const [row] = await tx.select().from(payout).where(owned).for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such payout.");
  if (row.status !== "requested") throw new AppError("CONFLICT", DECIDED[row.status as keyof typeof DECIDED] ?? "This payout is no longer pending.");
  return row;
}
