import { createHash, randomUUID } from "node:crypto";
import type { Database } from "#server/db/client.js";
import { loadOrCreateKycKey } from "#server/data-dir.js";
import { identityCase, identityDocument } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { encryptIdentityFile } from "#server/services/verification/file-crypto.js";

/** The key a test server seals identity files with: KYC_ENCRYPTION_KEY, else the one it made in its data directory. */
export function kycKeyOf(config: Pick<Config, "kyc" | "dataDir">): Buffer {
  return config.kyc.encryptionKey ?? loadOrCreateKycKey(config.dataDir);
}

export interface TestFile {
  fileName: string;
  contentType: "image/jpeg" | "image/png" | "application/pdf";
  bytes: Buffer;
}

/** Small files whose first bytes are what their type's detection reads. */
export const SAMPLE_FILES = {
  png: (): TestFile => ({ fileName: "passport photo.png", contentType: "image/png", bytes: Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from(randomUUID())]) }),
  jpeg: (): TestFile => ({ fileName: "licence-back.jpg", contentType: "image/jpeg", bytes: Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.from(randomUUID())]) }),
  pdf: (): TestFile => ({ fileName: "Adéọlá's ID \"scan\".pdf", contentType: "application/pdf", bytes: Buffer.from(`%PDF-1.4\n${randomUUID()}\n%%EOF\n`) }),
};

export interface SubmittedCase {
  caseId: string;
  documents: Array<TestFile & { id: string }>;
}

export interface CaseOptions {
  files?: TestFile[];
  legalName?: string;
  status?: "draft" | "submitted" | "in_review";
  submittedAt?: Date;
  createdAt?: Date;
}

/**
 * What the investor's upload and submit leave in the database (server/routes/verification.ts), made
 * directly: a case with its data, submitted, and its files sealed under the server's KYC key.
 */
export async function submittedCase(db: Database, kyc: Buffer | Pick<Config, "kyc" | "dataDir">, userId: string, options: CaseOptions = {}): Promise<SubmittedCase> {
  const key = Buffer.isBuffer(kyc) ? kyc : kycKeyOf(kyc);
  const caseId = randomUUID();
  const createdAt = options.createdAt ?? new Date();
  const status = options.status ?? "submitted";
  await db.insert(identityCase).values({
    id: caseId,
    userId,
    status,
    legalName: options.legalName ?? "Adeola Bankole",
    dateOfBirth: "1990-04-12",
    country: "NG",
    address: "12 Marina Road, Lagos",
    documentType: "passport",
    documentNumber: "A01234567",
    documentCountry: "NG",
    documentExpiresOn: "2031-04-11",
    submittedAt: status === "draft" ? null : (options.submittedAt ?? createdAt),
    createdAt,
    updatedAt: createdAt,
  });
  const documents: SubmittedCase["documents"] = [];
  for (const [index, file] of (options.files ?? [SAMPLE_FILES.png()]).entries()) {
    const id = randomUUID();
    const sealed = encryptIdentityFile(key, id, file.bytes);
    await db.insert(identityDocument).values({
      id,
      caseId,
      userId,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      ...sealed,
      // Apart, so "oldest first" is one order.
      createdAt: new Date(createdAt.getTime() + index),
    });
    documents.push({ ...file, id });
  }
  return { caseId, documents };
}
