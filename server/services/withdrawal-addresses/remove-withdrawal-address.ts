import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { addressRemovedMail } from "#server/mail/withdrawal-address-mails.js";
import { recordAudit } from "../audit/record-audit.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import { lockOwnAddress } from "./lock-own-address.js";
import { ownerOf, type AddressConfig } from "./send-confirm-link.js";

/**
 * Takes an address off the caller's list at once: a payout checked after this commits is refused
 * (the check reads the row in the payout's transaction). The row stays, stamped `removed_at`, for
 * the audit; its link, if any, stops working.
 */
export async function removeWithdrawalAddress(tx: DbExecutor, config: AddressConfig, userId: string, id: string, now: Date): Promise<{ id: string; removedAt: string }> {
  const row = await lockOwnAddress(tx, userId, id);
  await tx.update(withdrawalAddress).set({ removedAt: now, confirmTokenHash: null }).where(eq(withdrawalAddress.id, id));
  const owner = await ownerOf(tx, userId);
  await enqueueMail(tx, addressRemovedMail({ name: owner.name, to: owner.email, publicUrl: config.publicUrl, address: row.address, label: row.label }));
  await recordAudit(tx, {
    actorId: userId,
    action: "withdrawal_address.remove",
    targetType: "withdrawal_address",
    targetId: id,
    before: { address: row.address, label: row.label, confirmedAt: row.confirmedAt, usableFrom: row.usableFrom },
    after: { removedAt: now },
  });
  return { id, removedAt: now.toISOString() };
}
