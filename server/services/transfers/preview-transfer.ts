import { eq } from "drizzle-orm";
import type { TransferPreviewDto, TransferPreviewInput } from "#shared/schemas/transfers.js";
import type { Database } from "#server/db/client.js";
import { ledgerAccount } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { userAccount } from "../ledger/accounts.js";
import { consumeRateLimit } from "../rate-limit/consume-rate-limit.js";
import { findRecipient } from "./find-recipient.js";
import type { AccountHolder } from "./account-holder.js";

/**
 * Per user, every preview counted: a review before each real transfer needs a handful an hour, and
 * a found address is otherwise never counted (find-recipient.ts), so without this the preview would
 * name account holders for free.
 */
export const TRANSFER_PREVIEW_LIMIT = { max: 60, windowSeconds: 60 * 60 } as const;

export const TOO_MANY_PREVIEWS = "Too many transfer reviews. Please try again later.";

/**
 * Who a transfer would reach and whether the caller's Main Balance covers it, without moving money.
 * The recipient is looked up exactly as the send does (same refusal for an unknown address or the
 * caller's own, same count against the unknown-address limit), so it tells nothing the send would not.
 */
export async function previewTransfer(
  db: Database,
  caller: AccountHolder,
  input: TransferPreviewInput,
  options: { rateLimit: boolean },
): Promise<TransferPreviewDto> {
  if (options.rateLimit) {
    const limit = await consumeRateLimit(db, { key: `transfer-preview:${caller.id}`, ...TRANSFER_PREVIEW_LIMIT });
    if (!limit.allowed) throw new AppError("RATE_LIMITED", TOO_MANY_PREVIEWS, undefined, limit.retryAfterSeconds);
  }
  const recipient = await findRecipient(db, caller, input.toEmail, { field: "toEmail", rateLimit: options.rateLimit });
  const [available] = await db
    .select({ balance: ledgerAccount.balanceCents })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.id, userAccount(caller.id, "available").id));
  return {
    toName: recipient.name,
    // As the caller typed it: the stored spelling of someone else's address is theirs.
    toEmail: input.toEmail,
    amountCents: input.amountCents,
    withinBalance: BigInt(input.amountCents) <= (available?.balance ?? 0n),
  };
}
