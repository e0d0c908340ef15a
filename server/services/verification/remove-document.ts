import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { identityCase, identityDocument } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordCaseAudit } from "./case-audit.js";
import { lockCaseOf, refuseUnlessEditable } from "./editable-case.js";

/**
 * Takes a file off the caller's editable case: `replaced_at` is stamped and the bytes stay, as
 * evidence of what was sent, until the retention job. Another user's file, an unknown id and a
 * file already removed are the same 404.
 */
export async function removeIdentityDocument(db: Database, userId: string, documentId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockCaseOf(tx, userId);
    const [document] = row
      ? await tx
          .select({ id: identityDocument.id })
          .from(identityDocument)
          .where(and(eq(identityDocument.id, documentId), eq(identityDocument.caseId, row.id), isNull(identityDocument.replacedAt)))
      : [];
    if (!row || !document) throw new AppError("NOT_FOUND", "No such file.");
    refuseUnlessEditable(row);
    await tx.update(identityDocument).set({ replacedAt: now }).where(eq(identityDocument.id, document.id));
    await tx.update(identityCase).set({ updatedAt: now }).where(eq(identityCase.id, row.id));
    await recordCaseAudit(tx, userId, "verification.remove_file", row.id, { documentId }, { documentId, replacedAt: now });
  });
}
