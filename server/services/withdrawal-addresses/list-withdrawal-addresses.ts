import { and, asc, eq, isNull } from "drizzle-orm";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { toWithdrawalAddressDto } from "./address-dto.js";

/** The caller's list as it stands: every address not removed, oldest first (at most WITHDRAWAL_ADDRESS_LIMIT). */
export async function listWithdrawalAddresses(db: DbExecutor, userId: string, now: Date): Promise<WithdrawalAddressDto[]> {
  const rows = await db
    .select()
    .from(withdrawalAddress)
    .where(and(eq(withdrawalAddress.userId, userId), isNull(withdrawalAddress.removedAt)))
    .orderBy(asc(withdrawalAddress.createdAt), asc(withdrawalAddress.id));
  return rows.map((row) => toWithdrawalAddressDto(row, now));
}
