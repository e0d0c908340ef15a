import { symmetricDecrypt } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import { hashBackupCode, newBackupCodes, parseStoredBackupCodes, storedBackupCodes } from "../services/two-factor/backup-codes.js";

/**
 * The two-factor plugin's backup codes, stored as hashes through its documented `storeBackupCodes:
 * { encrypt, decrypt }` option. The plugin compares a typed code with the stored list (`includes`)
 * and writes the list back without it; with hashes stored, the before hook hands it the typed
 * code's hash instead of the code (`backupCodeAsStored`), so the plugin's own check, removal and
 * sign-in still run. `encrypt` hashes new codes and leaves hashes as they are; `decrypt` answers
 * the stored hashes. tests/two-factor-codes.test.ts pins this against the plugin's endpoints.
 */
export function backupCodeOptions(secret: string) {
  return {
    customBackupCodesGenerate: newBackupCodes,
    storeBackupCodes: {
      encrypt: async (json: string) => storedBackupCodes(JSON.parse(json) as string[]),
      decrypt: async (stored: string) => JSON.stringify(parseStoredBackupCodes(stored) ?? (await legacyHashes(secret, stored)) ?? []),
    },
  };
}

/** What the plugin compares with the stored list: the typed code's hash. */
export const backupCodeAsStored = hashBackupCode;

/** Codes stored before hashing (the plugin's default: encrypted with the auth secret), as hashes. */
async function legacyHashes(secret: string, stored: string): Promise<string[] | undefined> {
  try {
    const codes = JSON.parse(await symmetricDecrypt({ key: secret, data: stored })) as unknown;
    return Array.isArray(codes) ? (JSON.parse(storedBackupCodes(codes.map(String))) as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * At start: every account's codes still stored encrypted are replaced by their hashes, so no
 * backup code stays recoverable from the database and the secret. Safe to run on every server.
 */
export async function hashStoredBackupCodes(db: Database, secret: string, logger: Logger): Promise<void> {
  const rows = (await db.execute(sql`select user_id, backup_codes from two_factor where backup_codes not like '["sha256:%' and backup_codes <> '[]'`)) as unknown as {
    rows: Array<{ user_id: string; backup_codes: string }>;
  };
  let converted = 0;
  for (const row of rows.rows) {
    const hashes = await legacyHashes(secret, row.backup_codes);
    if (!hashes) continue;
    // Only if nobody changed the codes meanwhile.
    const updated = await db.execute(
      sql`update two_factor set backup_codes = ${JSON.stringify(hashes)} where user_id = ${row.user_id} and backup_codes = ${row.backup_codes}`,
    );
    converted += (updated as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (updated as unknown as { affectedRows?: number }).affectedRows ?? 0;
  }
  if (rows.rows.length > 0) logger.info({ converted, found: rows.rows.length }, "backup codes stored encrypted replaced by their hashes");
}
