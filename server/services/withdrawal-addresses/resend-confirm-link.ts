import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import type { DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { toWithdrawalAddressDto } from "./address-dto.js";
import { lockOwnAddress } from "./lock-own-address.js";
import { sendConfirmLink, type AddressConfig } from "./send-confirm-link.js";

/** A new link for one of the caller's unconfirmed addresses (the earlier link expired or was lost); the old one stops working. */
export async function resendConfirmLink(tx: DbExecutor, config: AddressConfig, userId: string, id: string, now: Date): Promise<WithdrawalAddressDto> {
  const row = await lockOwnAddress(tx, userId, id);
  if (row.confirmedAt) throw new AppError("CONFLICT", "This address is already confirmed.");
  return toWithdrawalAddressDto(await sendConfirmLink(tx, config, row, now, "withdrawal_address.resend_link"), now);
}
