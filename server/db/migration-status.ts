import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsDir } from "../paths.js";
import type { DbExecutor } from "./client.js";

export interface MigrationJournal {
  /** How many migrations the build ships. */
  count: number;
  lastTag: string;
  /** The last migration's `when`: Drizzle records it as `created_at` once that migration is applied. */
  lastWhen: number;
}

/** The journal drizzle-kit writes beside the SQL files. */
export function readMigrationJournal(dir = migrationsDir): MigrationJournal {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`The migration journal in ${dir} lists no migrations.`);
  return { count: journal.entries.length, lastTag: last.tag, lastWhen: last.when };
}

export type MigrationStatus = { current: true; applied: number; expected: number } | { current: false; applied: number; expected: number; reason: string };

/**
 * Compares the database with the build's journal the way Drizzle's migrator does: a migration is
 * applied once a row's `created_at` reaches its `when`. A database migrated by a newer build is
 * current too.
 */
export async function migrationStatus(db: DbExecutor, journal: MigrationJournal): Promise<MigrationStatus> {
  const table = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as { rows: Array<{ present: boolean }> };
  if (!table.rows[0]?.present) return { current: false, applied: 0, expected: journal.count, reason: "Database migrations have not been applied." };
  const result = (await db.execute(sql`
    select count(*)::int as applied, coalesce(max(created_at), 0)::text as last
    from drizzle.__drizzle_migrations
  `)) as unknown as { rows: Array<{ applied: number; last: string }> };
  const applied = Number(result.rows[0]?.applied ?? 0);
  const last = Number(result.rows[0]?.last ?? 0);
  if (last >= journal.lastWhen) return { current: true, applied, expected: journal.count };
  return { current: false, applied, expected: journal.count, reason: `Database migrations are behind: ${applied} of ${journal.count} applied.` };
}
