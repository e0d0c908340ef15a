import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ledgerSqlDir, migrationsDir } from "../paths.js";
import type { DbExecutor } from "./client.js";
import { readMigrationJournal } from "./migration-status.js";

/**
 * The ledger's SQL lives in server/db/sql/ as today's definition of each object, one file each
 * (decision 0026): functions first, then views, then the triggers that call the functions. Old
 * migrations keep the bodies they once created; these files replace them.
 */
export const LEDGER_SQL_KINDS = ["functions", "views", "triggers"] as const;

export interface LedgerSqlFile {
  kind: (typeof LEDGER_SQL_KINDS)[number];
  /** The object's name: the file's name without `.sql`. */
  name: string;
  text: string;
}

export function readLedgerSql(dir = ledgerSqlDir): LedgerSqlFile[] {
  return LEDGER_SQL_KINDS.flatMap((kind) =>
    readdirSync(path.join(dir, kind))
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => ({ kind, name: file.slice(0, -4), text: readFileSync(path.join(dir, kind, file), "utf8") })),
  );
}

/**
 * What the database must hold: these files on top of the build's last migration. A new migration
 * changes it too, so a migration that drops or replaces a ledger object can never leave the
 * database without the files' version.
 */
export function ledgerSqlDigest(files: LedgerSqlFile[], lastMigrationTag = readMigrationJournal(migrationsDir).lastTag): string {
  const hash = createHash("sha256").update(lastMigrationTag);
  for (const file of files) hash.update(`\0${file.kind}/${file.name}\0${file.text}`);
  return hash.digest("hex");
}

/**
 * Runs after the versioned migrations, inside the same lock: when the recorded digest differs,
 * every file is applied (each is a CREATE OR REPLACE) and the digest recorded, in one transaction.
 * Every start otherwise costs one primary-key read.
 */
export async function applyLedgerSql(db: { transaction<T>(run: (tx: DbExecutor) => Promise<T>): Promise<T> }, files = readLedgerSql()): Promise<boolean> {
  const digest = ledgerSqlDigest(files);
  return db.transaction(async (tx) => {
    const current = (await tx.execute(sql`select digest from ledger_sql_version where name = 'ledger' for update`)) as unknown as {
      rows: Array<{ digest: string }>;
    };
    if (current.rows[0]?.digest === digest) return false;
    for (const file of files) await tx.execute(sql.raw(file.text));
    await tx.execute(sql`
      insert into ledger_sql_version (name, digest, applied_at) values ('ledger', ${digest}, now())
      on conflict (name) do update set digest = excluded.digest, applied_at = excluded.applied_at`);
    return true;
  });
}
