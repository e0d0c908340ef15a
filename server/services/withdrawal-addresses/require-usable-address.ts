import { and, eq, isNull } from "drizzle-orm";
import { WITHDRAWAL_ADDRESSES_PATH } from "#shared/schemas/withdrawal-addresses.js";
import type { DbExecutor } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { AppError } from "#server/errors.js";
import { utcMinute } from "#server/mail/withdrawal-address-mails.js";
import { addressStatus } from "./address-dto.js";

/**
 * Payouts go only to the caller's own confirmed addresses once their delay is over; anything else
 * is 403 ADDRESS_NOT_ALLOWED, saying why, on the form's address field. A real request (`lock`)
 * reads the row FOR SHARE in the payout's transaction: a removal (FOR UPDATE) either committed
 * first, and the payout is refused, or waits until the payout is made.
 */
export async function requireUsableAddress(
  tx: DbExecutor,
  config: Pick<Config, "withdrawalAddresses">,
  userId: string,
  address: string,
  now: Date,
  options: { lock: boolean },
): Promise<void> {
  const read = tx
    .select({ confirmedAt: withdrawalAddress.confirmedAt, usableFrom: withdrawalAddress.usableFrom })
    .from(withdrawalAddress)
    .where(and(eq(withdrawalAddress.userId, userId), eq(withdrawalAddress.address, address), isNull(withdrawalAddress.removedAt)));
  const [row] = options.lock ? await read.for("share") : await read;
  const status = row ? addressStatus(row, now) : undefined;
  if (status === "usable") return;
  const hours = config.withdrawalAddresses.delayHours;
  const message =
    status === "unconfirmed"
      ? "This address is not confirmed yet: open the link we e-mailed you when you added it."
      : status === "waiting" && row?.usableFrom
        ? `This address is confirmed and can be used from ${utcMinute(row.usableFrom)}.`
        : `This address is not on your list of withdrawal addresses. Add it in Settings (${WITHDRAWAL_ADDRESSES_PATH}) and confirm it${hours > 0 ? `; payouts can go to it ${hours} hours after you confirm it` : ""}.`;
  throw new AppError("ADDRESS_NOT_ALLOWED", message, { walletAddress: message });
}
