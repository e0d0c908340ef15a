import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Identity files at rest: each under its own random AES-256-GCM key, that key wrapped by
 * the operator's KYC key (KYC_ENCRYPTION_KEY), both as iv ‖ tag ‖ ciphertext. The document's id is
 * the additional data of both, so a file's bytes or key copied onto another row do not decrypt.
 * Losing the KYC key loses every file; a backup holds them only with the key kept beside it.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

function seal(key: Buffer, plain: Buffer, documentId: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(documentId, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the key is wrong or a byte was changed (GCM's tag), never returns garbage. */
function open(key: Buffer, sealed: Buffer, documentId: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("sealed data is too short");
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(documentId, "utf8"));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export interface SealedFile {
  wrappedKey: Buffer;
  content: Buffer;
}

export function encryptIdentityFile(kycKey: Buffer, documentId: string, plain: Buffer): SealedFile {
  if (kycKey.length !== KEY_BYTES) throw new Error("the KYC key must be 32 bytes");
  const fileKey = randomBytes(KEY_BYTES);
  try {
    return { wrappedKey: seal(kycKey, fileKey, documentId), content: seal(fileKey, plain, documentId) };
  } finally {
    fileKey.fill(0);
  }
}

export function decryptIdentityFile(kycKey: Buffer, documentId: string, sealed: SealedFile): Buffer {
  const fileKey = open(kycKey, sealed.wrappedKey, documentId);
  try {
    return open(fileKey, sealed.content, documentId);
  } finally {
    fileKey.fill(0);
  }
}
