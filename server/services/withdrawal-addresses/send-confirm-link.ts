import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user, withdrawalAddress } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { addressAddedMail } from "#server/mail/withdrawal-address-mails.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import type { WithdrawalAddressRow } from "./address-dto.js";
import { newConfirmToken } from "./confirm-token.js";

export type AddressConfig = Pick<Config, "publicUrl" | "withdrawalAddresses">;

/** The account's name and address, which every mail about its list goes to. */
export async function ownerOf(tx: DbExecutor, userId: string): Promise<{ name: string; email: string }> {
  const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) throw new Error(`no user ${userId}`);
  return owner;
}

/**
 * Gives an unconfirmed address a new one-time link (any earlier one stops working) and queues the
 * mail that carries it, in the caller's transaction.
 */
export async function sendConfirmLink(tx: DbExecutor, config: AddressConfig, row: WithdrawalAddressRow, now: Date): Promise<WithdrawalAddressRow> {
  const { token, hash, expiresAt } = newConfirmToken(now);
  const [updated] = await tx
    .update(withdrawalAddress)
    .set({ confirmTokenHash: hash, confirmExpiresAt: expiresAt })
    .where(eq(withdrawalAddress.id, row.id))
    .returning();
  if (!updated) throw new Error(`withdrawal address ${row.id} vanished`);
  const owner = await ownerOf(tx, row.userId);
  await enqueueMail(
    tx,
    addressAddedMail({
      name: owner.name,
      to: owner.email,
      publicUrl: config.publicUrl,
      address: row.address,
      label: row.label,
      token,
      expiresAt,
      delayHours: config.withdrawalAddresses.delayHours,
    }),
  );
  return updated;
}
