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
 * behind, which is dropped and built again (a second server starting at the same moment may find
 * the first's build still invalid and drop it once it ends, to build it again: wasted work, the
 * same end). PGlite has one connection and no concurrent builds, so there the statements run plainly.
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

/** Applies every file, on a connection outside any transaction (`executeSql` of the held migration connection). */
export async function applyOnlineSql(executeSql: ExecuteSql, kind: "pglite" | "postgres", files = readOnlineSql()): Promise<void> {
  for (const file of files) {
    if (kind === "pglite") {
      await executeSql(file.text.replace(/\bconcurrently\s+/gi, ""));
      continue;
    }
    if (file.index) {
      const { rows } = await executeSql("select 1 from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1 and not i.indisvalid", [file.index]);
      if (rows.length) await executeSql(`drop index concurrently if exists "${file.index}"`);
    }
    await executeSql(file.text);
  }
}
