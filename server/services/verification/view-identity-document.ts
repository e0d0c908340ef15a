import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { identityDocument } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { decryptIdentityFile } from "./file-crypto.js";

export interface OpenedDocument {
  fileName: string;
  /** The type read from the bytes when the file was uploaded. */
  contentType: string;
  bytes: Buffer;
}

/**
 * One file of a case, decrypted for an admin, with the audit entry of the view (who, which case,
 * which file; the entry's time is when) written in the caller's transaction, so no file is shown
 * without its entry. A file the investor replaced or removed is still shown (it is the evidence a
 * decision was made on); one the retention job deleted is a 404 that says so. A file of another
 * case is a 404 too.
 */
export async function viewIdentityDocument(tx: DbExecutor, kycKey: Buffer, actorId: string, caseId: string, documentId: string): Promise<OpenedDocument> {
  const [row] = await tx
    .select()
    .from(identityDocument)
    .where(and(eq(identityDocument.id, documentId), eq(identityDocument.caseId, caseId)));
  if (!row) throw new AppError("NOT_FOUND", "This case has no such file.");
  if (row.purgedAt || !row.content || !row.wrappedKey) {
    const day = row.purgedAt?.toISOString().slice(0, 10) ?? "an earlier day";
    throw new AppError("NOT_FOUND", `This file was deleted on ${day}, when the account's retention period ended; only its record remains.`);
  }
  // GCM refuses a wrong key or a changed byte with an error (a 500), never with other bytes.
  const bytes = decryptIdentityFile(kycKey, row.id, { wrappedKey: row.wrappedKey, content: row.content });
  await recordAudit(tx, {
    actorId,
    action: "verification.document_view",
    targetType: "identity_case",
    targetId: caseId,
    before: null,
    after: { documentId: row.id, fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, sha256: row.sha256, replaced: row.replacedAt !== null },
  });
  return { fileName: row.fileName, contentType: row.contentType, bytes };
}
