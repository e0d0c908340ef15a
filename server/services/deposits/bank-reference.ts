import { and, eq, isNull } from "drizzle-orm";
import type { BankReferenceDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { bankReference } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { newDepositReference } from "./deposit-reference.js";

/** The same words for a reference that does not exist and one given to someone else: neither tells anything. */
export const NOT_YOUR_REFERENCE = "This payment reference was not given to you. Reload the page and quote the reference shown there.";
export const REFERENCE_USED = "You have already reported a transfer with this reference. Reload the page to get a new reference for another transfer.";

/**
 * The reference the user quotes on their next bank transfer, shown with the bank details before
 * they pay. Stable until a bank deposit uses it, so a reload or a second tab shows the same one.
 */
export async function bankReferenceFor(tx: DbExecutor, userId: string): Promise<BankReferenceDto> {
  const unused = async () =>
    (await tx.select({ reference: bankReference.reference }).from(bankReference).where(and(eq(bankReference.userId, userId), isNull(bankReference.depositId))))[0];
  const held = await unused();
  if (held) return held;
  // Two requests at once: the partial unique index lets one insert win and the other reads it.
  await tx.insert(bankReference).values({ reference: newDepositReference(), userId }).onConflictDoNothing();
  const made = await unused();
  if (!made) throw new Error("bank reference insert left none unused");
  return made;
}

/**
 * Locks the caller's reference for the bank deposit being created. A reference that is not theirs
 * is refused like an unknown one; one they already used is a 409, never a second deposit.
 */
export async function checkBankReference(tx: DbExecutor, userId: string, reference: string): Promise<void> {
  const [row] = await tx
    .select({ depositId: bankReference.depositId })
    .from(bankReference)
    .where(and(eq(bankReference.reference, reference), eq(bankReference.userId, userId)))
    .for("update");
  if (!row) throw new AppError("VALIDATION_FAILED", NOT_YOUR_REFERENCE, { reference: NOT_YOUR_REFERENCE });
  if (row.depositId !== null) throw new AppError("CONFLICT", REFERENCE_USED, { reference: REFERENCE_USED });
}

/** Called once the deposit row exists (the foreign key needs it). */
export async function markBankReferenceUsed(tx: DbExecutor, reference: string, depositId: string): Promise<void> {
  await tx.update(bankReference).set({ depositId }).where(eq(bankReference.reference, reference));
}
