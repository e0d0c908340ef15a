import { eq } from "drizzle-orm";
import { isEditableCase, type CaseStatus } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";

export type CaseRow = typeof identityCase.$inferSelect;

/**
 * The user's case, locked for the rest of the transaction: an upload, a removal, a submission and
 * an operator's decision on one case happen one after another, each seeing the last one's result.
 */
export async function lockCaseOf(tx: DbExecutor, userId: string): Promise<CaseRow | undefined> {
  const [row] = await tx.select().from(identityCase).where(eq(identityCase.userId, userId)).for("update");
  return row;
}

/** Why the investor cannot change the case now, in words they can act on. */
const LOCKED: Partial<Record<CaseStatus, string>> = {
  submitted: "Your documents are with our team. You can change them again only if we ask you to.",
  in_review: "Your documents are being reviewed. You can change them again only if we ask you to.",
  approved: "Your identity is verified. You can send new documents when your document expires.",
};

/** Files and data change only while the case is a draft or was sent back (409 otherwise). */
export function refuseUnlessEditable(row: CaseRow): void {
  const status = row.status as CaseStatus;
  if (!isEditableCase(status)) throw new AppError("CONFLICT", LOCKED[status] ?? "This identity check cannot be changed now.");
}
