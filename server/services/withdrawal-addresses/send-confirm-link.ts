import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user, withdrawalAddress } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { addressAddedMail } from "#server/mail/withdrawal-address-mails.js";
import { recordAudit } from "../audit/record-audit.js";
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
 * Gives an unconfirmed address a new one-time link (any earlier one stops working), queues the
 * mail that carries it and records `action` (the address added, or its link sent again) in the
 * audit log, all in the caller's transaction.
 */
export async function sendConfirmLink(
  tx: DbExecutor,
  config: AddressConfig,
  row: WithdrawalAddressRow,
  now: Date,
  action: "withdrawal_address.add" | "withdrawal_address.resend_link",
): Promise<WithdrawalAddressRow> {
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
  await recordAudit(tx, {
    actorId: row.userId,
    action,
    targetType: "withdrawal_address",
    targetId: row.id,
    before: action === "withdrawal_address.add" ? null : { confirmExpiresAt: row.confirmExpiresAt },
    after: { address: row.address, label: row.label, confirmExpiresAt: expiresAt },
  });
  return updated;
}
