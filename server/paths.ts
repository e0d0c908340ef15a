import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package root, whether running from source (tsx) or from the built bundle in dist/. */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(rootDir, "server/db/migrations");
/** The current definition of each ledger function, view and trigger, one file each. */
export const ledgerSqlDir = path.join(rootDir, "server/db/sql");
export const clientDistDir = path.join(rootDir, "dist/client");
export const ssrEntryPath = path.join(rootDir, "dist/ssr/entry-server.js");
export const contentDir = path.join(rootDir, "content");
