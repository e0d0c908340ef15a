import { createHash, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { normalizeBackupCode } from "#shared/schemas/auth.js";
import type { DbExecutor } from "#server/db/client.js";

/**
 * Backup codes are stored as SHA-256 hashes, never as the codes nor encrypted (ASVS 6.5.2: a
 * lookup secret of 112 bits or more may be kept as a plain hash). The stored value of
 * `two_factor.backup_codes` is a JSON array of `sha256:<hex>` strings, one per unused code.
 */
const PREFIX = "sha256:";
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const GROUPS = 5;
const GROUP_LENGTH = 5;
export const BACKUP_CODE_COUNT = 10;

export const isHashedBackupCode = (value: string) => value.startsWith(PREFIX);

/** The stored form of a code as typed (case, spaces and dashes do not matter). */
export function hashBackupCode(code: string): string {
  return PREFIX + createHash("sha256").update(normalizeBackupCode(code)).digest("hex");
}

/** Ten new codes of 25 letters and digits (log2(36^25) ≈ 129 bits), grouped by five for reading. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")).join("-"),
  );
}

/** The stored JSON for a list of codes, hashing any that are not hashed yet. */
export function storedBackupCodes(codes: readonly string[]): string {
  return JSON.stringify(codes.map((code) => (isHashedBackupCode(code) ? code : hashBackupCode(code))));
}

/** The hashes in a stored value, or undefined when it is not (yet) our format. */
export function parseStoredBackupCodes(stored: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every((item) => typeof item === "string" && isHashedBackupCode(item)) ? (value as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a backup code is one of the unused ones, and (`consume`, the default) uses it up in the
 * caller's transaction (the two-factor row is locked, so two requests with the same code cannot
 * both pass).
 */
export async function consumeBackupCode(tx: DbExecutor, userId: string, code: string, consume = true): Promise<boolean> {
  const found = (await tx.execute(sql`select backup_codes from two_factor where user_id = ${userId} for update`)) as unknown as {
    rows: Array<{ backup_codes: string }>;
  };
  const stored = found.rows[0] && parseStoredBackupCodes(found.rows[0].backup_codes);
  if (!stored) return false;
  const hash = hashBackupCode(code);
  if (!stored.includes(hash)) return false;
  if (!consume) return true;
  const left = JSON.stringify(stored.filter((item) => item !== hash));
  await tx.execute(sql`update two_factor set backup_codes = ${left} where user_id = ${userId}`);
  return true;
}
