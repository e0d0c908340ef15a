import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ledgerSqlDir } from "../paths.js";
import type { ExecuteSql } from "./client.js";

/**
 * What cannot run inside the migrations' transaction without stopping the platform on a large
 * database: indexes built CONCURRENTLY (writers go on while one builds), the extensions they need
 * and the database's own settings, one file each in server/db/sql/online/, applied in file order
 * after the migrations on every start, once their lock is released (decision 0063). Each is
 * idempotent (IF NOT EXISTS); a concurrent build that failed half way leaves an invalid index
 * behind, which is dropped and built again, unless a build is under way. PGlite has one
 * connection and no concurrent builds, so there the statements run plainly.
 */
export const onlineSqlDir = path.join(ledgerSqlDir, "online");

export interface OnlineSqlFile {
  name: string;
  text: string;
  /** The index the file builds, if it builds one. */
  index?: string;
}

export function readOnlineSql(dir = onlineSqlDir): OnlineSqlFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const index = /create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+"?(\w+)"?/i.exec(text)?.[1];
      return { name: file.slice(0, -4), text, ...(index ? { index } : {}) };
    });
}

/**
 * Another server applying the same file at the same moment: PostgreSQL refuses one of two
 * concurrent catalog changes ("tuple concurrently updated", a deadlock, a name taken meanwhile).
 */
const CONCURRENT_DDL = new Set(["XX000", "40P01", "42P07", "23505"]);
const ATTEMPTS = 5;
const RETRY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs an idempotent statement again after another server's concurrent change got in its way. */
async function retried(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !CONCURRENT_DDL.has((error as { code?: string }).code ?? "")) throw error;
      await pause(RETRY_MS * attempt);
    }
  }
}

/**
 * Whether the index is invalid and nobody is building it: an index another server is building
 * right now is invalid until its build ends, and must be left to it.
 */
async function abandoned(executeSql: ExecuteSql, index: string): Promise<boolean> {
  for (;;) {
    const { rows } = await executeSql(
      `select i.indisvalid as valid, exists (select 1 from pg_stat_progress_create_index p where p.index_relid = i.indexrelid) as building
       from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1`,
      [index],
    );
    const row = rows[0] as { valid: boolean; building: boolean } | undefined;
    if (!row || row.valid) return false;
    if (!row.building) return true;
    await pause(RETRY_MS);
  }
}

/**
 * Applies every file, on connections outside any transaction (the pool's `executeSql`). Servers
 * starting together may apply the same files at once: each statement is idempotent and is run
 * again when the other's change got in its way.
 */
export async function applyOnlineSql(executeSql: ExecuteSql, kind: "pglite" | "postgres", files = readOnlineSql()): Promise<void> {
  for (const file of files) {
    if (kind === "pglite") {
      await executeSql(file.text.replace(/\bconcurrently\s+/gi, ""));
      continue;
    }
    if (file.index && (await abandoned(executeSql, file.index))) await retried(() => executeSql(`drop index concurrently if exists "${file.index}"`));
    await retried(() => executeSql(file.text));
  }
}
