import { and, eq, lt } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { deposit } from "#server/db/schema.js";

/** Marks pending deposits past their expiry as expired; an operator can still confirm late money. */
export async function expireDeposits(db: DbExecutor, now = new Date()): Promise<number> {
  const expired = await db
    .update(deposit)
    .set({ status: "expired" })
    .where(and(eq(deposit.status, "pending"), lt(deposit.expiresAt, now)))
    .returning({ id: deposit.id });
  return expired.length;
}
