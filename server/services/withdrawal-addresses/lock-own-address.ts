import { and, eq, isNull } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import type { WithdrawalAddressRow } from "./address-dto.js";

/** One of the caller's listed addresses, locked for the change; another user's, a removed one or an unknown id is the same 404. */
export async function lockOwnAddress(tx: DbExecutor, userId: string, id: string): Promise<WithdrawalAddressRow> {
  const [row] = await tx
    .select()
    .from(withdrawalAddress)
    .where(and(eq(withdrawalAddress.id, id), eq(withdrawalAddress.userId, userId), isNull(withdrawalAddress.removedAt)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such withdrawal address on your list.");
  return row;
}
