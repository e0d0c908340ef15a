import { randomUUID } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { WITHDRAWAL_ADDRESS_LIMIT, type AddWithdrawalAddressInput, type WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { toWithdrawalAddressDto } from "./address-dto.js";
import { sendConfirmLink, type AddressConfig } from "./send-confirm-link.js";

/**
 * Puts an address on the caller's list, unconfirmed: the account's e-mail gets a one-time link, and
 * payouts may go to it only WITHDRAWAL_ADDRESS_DELAY_HOURS after that link is followed. The
 * caller's adds run one at a time (an advisory lock per account), so the limit and the duplicate
 * check hold under concurrent requests.
 */
export async function addWithdrawalAddress(tx: DbExecutor, config: AddressConfig, userId: string, input: AddWithdrawalAddressInput, now: Date): Promise<WithdrawalAddressDto> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`withdrawal-addresses:${userId}`}, 0))`);
  const listed = and(eq(withdrawalAddress.userId, userId), isNull(withdrawalAddress.removedAt));
  const [same] = await tx.select({ id: withdrawalAddress.id }).from(withdrawalAddress).where(and(listed, eq(withdrawalAddress.address, input.address)));
  if (same) throw new AppError("CONFLICT", "This address is already on your list.", { address: "This address is already on your list." });
  const [kept] = await tx.select({ total: count() }).from(withdrawalAddress).where(listed);
  if ((kept?.total ?? 0) >= WITHDRAWAL_ADDRESS_LIMIT) {
    throw new AppError("CONFLICT", `You can keep at most ${WITHDRAWAL_ADDRESS_LIMIT} withdrawal addresses. Remove one you no longer use first.`);
  }

  const [row] = await tx.insert(withdrawalAddress).values({ id: randomUUID(), userId, address: input.address, label: input.label, createdAt: now }).returning();
  if (!row) throw new Error("withdrawal address insert returned nothing");
  return toWithdrawalAddressDto(await sendConfirmLink(tx, config, row, now, "withdrawal_address.add"), now);
}
