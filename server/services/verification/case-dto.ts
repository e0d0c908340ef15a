import { and, asc, eq, isNull } from "drizzle-orm";
import type { CaseStatus, DocumentType, IdentityDocumentDto } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, identityDocument } from "#server/db/schema.js";

type CaseRow = typeof identityCase.$inferSelect;
type DocumentRow = Pick<typeof identityDocument.$inferSelect, "id" | "fileName" | "contentType" | "sizeBytes" | "createdAt">;

/** The files a case holds now: not removed or replaced by the investor, oldest first (never the bytes). */
export function currentDocuments(db: DbExecutor, caseId: string): Promise<DocumentRow[]> {
  return db
    .select({
      id: identityDocument.id,
      fileName: identityDocument.fileName,
      contentType: identityDocument.contentType,
      sizeBytes: identityDocument.sizeBytes,
      createdAt: identityDocument.createdAt,
    })
    .from(identityDocument)
    .where(and(eq(identityDocument.caseId, caseId), isNull(identityDocument.replacedAt)))
    .orderBy(asc(identityDocument.createdAt), asc(identityDocument.id));
}

/** The case as the investor and the operator both see its data (shared/schemas/verification.ts `caseFields`). */
export function toCaseFields(row: CaseRow, documents: DocumentRow[]) {
  const replace = new Set(row.replaceDocumentIds);
  return {
    id: row.id,
    // The table's checks hold these to the shared lists.
    status: row.status as CaseStatus,
    reason: row.reason,
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    address: row.address,
    documentType: row.documentType as DocumentType | null,
    documentNumber: row.documentNumber,
    documentCountry: row.documentCountry,
    documentExpiresOn: row.documentExpiresOn,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    documents: documents.map((document) => toDocumentDto(document, replace.has(document.id))),
  };
}

/** One file as the investor and the operator see it: never its bytes, its key or its digest. */
export function toDocumentDto(document: DocumentRow, replaceRequested: boolean): IdentityDocumentDto {
  return {
    id: document.id,
    fileName: document.fileName,
    // The table's check holds it to IDENTITY_FILE_TYPES.
    contentType: document.contentType as IdentityDocumentDto["contentType"],
    sizeBytes: document.sizeBytes,
    createdAt: document.createdAt.toISOString(),
    replaceRequested,
  };
}
