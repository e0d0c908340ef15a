import type { IdentityFileType } from "#shared/schemas/verification.js";

/** The first bytes each accepted type must start with (its "magic number"). */
const SIGNATURES: ReadonlyArray<{ type: IdentityFileType; bytes: readonly number[] }> = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/**
 * What an identity file is, read from its first bytes: a JPEG, a PNG or a PDF, else undefined.
 * The name and the type the browser declared are never asked: an executable called passport.pdf
 * starts "MZ" or "\x7fELF", not "%PDF-".
 */
export function sniffFileType(bytes: Uint8Array): IdentityFileType | undefined {
  return SIGNATURES.find(({ bytes: signature }) => signature.length <= bytes.length && signature.every((byte, index) => bytes[index] === byte))?.type;
}
