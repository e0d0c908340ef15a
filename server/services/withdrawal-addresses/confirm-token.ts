import { createHash, randomBytes } from "node:crypto";

/** How long an e-mailed confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;

/** What is stored of a token: its SHA-256, hex. The token itself is only ever in the e-mail. */
export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new one-time token (32 random bytes, base64url), its hash, and until when it works. */
export function newConfirmToken(now: Date): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token), expiresAt: new Date(now.getTime() + CONFIRM_LINK_HOURS * 3_600_000) };
}
