import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { IDENTITY_FILES_MAX, type IdentityDocumentDto } from "#shared/schemas/verification.js";
import type { Database } from "#server/db/client.js";
import { identityCase, identityDocument } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import { recordCaseAudit } from "./case-audit.js";
import { currentDocuments, toDocumentDto } from "./case-dto.js";
import { lockCaseOf, refuseUnlessEditable } from "./editable-case.js";
import { encryptIdentityFile } from "./file-crypto.js";
import { sniffFileType } from "./sniff-file-type.js";

/**
 * Files one case may have received in all, removed and replaced ones included (they are kept as
 * evidence until the retention job): a bound on what one account can make us store.
 */
export const IDENTITY_FILES_STORED_MAX = 20;

export interface IdentityFileInput {
  bytes: Buffer;
  /** Already cleaned for display (server/http/upload-body.ts). */
  fileName: string;
}

/**
 * Stores one identity file on the caller's case, creating the draft case with the first one. The
 * type is read from the bytes (415 for anything but JPEG, PNG or PDF, before anything is stored);
 * the bytes are kept only encrypted (file-crypto.ts), with their SHA-256, size and type. Allowed
 * while the case is editable and holds fewer than IDENTITY_FILES_MAX files (409 otherwise). The
 * audit entry names the file by id, type, size and digest: never its name or its bytes, as the
 * audit log is kept for ever and the files are not.
 */
export async function uploadIdentityDocument(db: Database, kycKey: Buffer, userId: string, file: IdentityFileInput, now: Date): Promise<IdentityDocumentDto> {
  const contentType = sniffFileType(file.bytes);
  if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload a JPEG, PNG or PDF file.");
  // Sealed before the transaction, so the case's lock is not held while 10 MB are encrypted.
  const id = timeOrderedUuid();
  const sealed = encryptIdentityFile(kycKey, id, file.bytes);
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  return db.transaction(async (tx) => {
    await tx.insert(identityCase).values({ id: timeOrderedUuid(), userId, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: identityCase.userId });
    const row = await lockCaseOf(tx, userId);
    if (!row) throw new Error("the identity case was not created");
    refuseUnlessEditable(row);
    if ((await currentDocuments(tx, row.id)).length >= IDENTITY_FILES_MAX) {
      throw new AppError("CONFLICT", `You can send at most ${IDENTITY_FILES_MAX} files. Remove one before you upload another.`);
    }
    const [stored] = await tx.select({ n: count() }).from(identityDocument).where(eq(identityDocument.caseId, row.id));
    if ((stored?.n ?? 0) >= IDENTITY_FILES_STORED_MAX) {
      throw new AppError("CONFLICT", `You have uploaded ${IDENTITY_FILES_STORED_MAX} files for your identity check, the most we keep. Contact support to go on.`);
    }
    const [document] = await tx
      .insert(identityDocument)
      .values({ id, caseId: row.id, userId, fileName: file.fileName, contentType, sizeBytes: file.bytes.length, sha256, wrappedKey: sealed.wrappedKey, content: sealed.content, createdAt: now })
      .returning({ id: identityDocument.id, fileName: identityDocument.fileName, contentType: identityDocument.contentType, sizeBytes: identityDocument.sizeBytes, createdAt: identityDocument.createdAt });
    if (!document) throw new Error("the identity file was not stored");
    await tx.update(identityCase).set({ updatedAt: now }).where(eq(identityCase.id, row.id));
    await recordCaseAudit(tx, userId, "verification.upload", row.id, null, { documentId: id, contentType, sizeBytes: document.sizeBytes, sha256 });
    return toDocumentDto(document, false);
  });
}
