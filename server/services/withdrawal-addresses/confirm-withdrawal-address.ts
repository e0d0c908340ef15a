import { eq } from "drizzle-orm";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { addressConfirmedMail, utcMinute } from "#server/mail/withdrawal-address-mails.js";
import { recordAudit } from "../audit/record-audit.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import { toWithdrawalAddressDto } from "./address-dto.js";
import { hashConfirmToken } from "./confirm-token.js";
import { ownerOf, type AddressConfig } from "./send-confirm-link.js";

const UNKNOWN = "This link is not valid or was already used. Your withdrawal addresses in Settings show which ones are confirmed.";

/**
 * Follows the e-mailed link: the token alone says which address (it reached the account's own
 * mailbox, so it works from any device, signed in or not), once, before it expires. The address is
 * payable from now + WITHDRAWAL_ADDRESS_DELAY_HOURS.
 */
export async function confirmWithdrawalAddress(tx: DbExecutor, config: AddressConfig, token: string, now: Date): Promise<WithdrawalAddressDto> {
  const [row] = await tx.select().from(withdrawalAddress).where(eq(withdrawalAddress.confirmTokenHash, hashConfirmToken(token))).for("update");
  if (!row || row.removedAt || row.confirmedAt) throw new AppError("NOT_FOUND", UNKNOWN);
  if (!row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      "VALIDATION_FAILED",
      `This link expired at ${utcMinute(row.confirmExpiresAt ?? now)}. Ask for a new one in Settings → Withdrawal addresses ("Send the link again").`,
    );
  }
  const usableFrom = new Date(now.getTime() + config.withdrawalAddresses.delayHours * 3_600_000);
  const [confirmed] = await tx
    .update(withdrawalAddress)
    .set({ confirmedAt: now, usableFrom, confirmTokenHash: null, confirmExpiresAt: null })
    .where(eq(withdrawalAddress.id, row.id))
    .returning();
  if (!confirmed) throw new Error(`withdrawal address ${row.id} vanished`);
  const owner = await ownerOf(tx, row.userId);
  await enqueueMail(tx, addressConfirmedMail({ name: owner.name, to: owner.email, publicUrl: config.publicUrl, address: row.address, label: row.label, usableFrom }));
  await recordAudit(tx, {
    actorId: row.userId,
    action: "withdrawal_address.confirm",
    targetType: "withdrawal_address",
    targetId: row.id,
    before: { confirmedAt: null },
    after: { confirmedAt: now, usableFrom },
  });
  return toWithdrawalAddressDto(confirmed, now);
}
