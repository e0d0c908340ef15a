import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "#server/db/client.js";
import { rootDir } from "#server/paths.js";
import { migrate } from "#server/migrate.js";

/**
 * Vitest global setup of the server project: migrates one database per run, and every test
 * database starts as a copy of it (tests/helpers/database.ts) instead of migrating from empty
 * again (~0.3–0.5 s each, and on PGlite ~1.5 s more to initialise an empty cluster). The copy is
 * still the real migrations' work, made fresh in each run; tests/migrations.test.ts checks that a
 * database migrated from empty matches it.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test database is created from. */
    postgresTemplate: string;
    /** PGlite: a tarball of a migrated data directory each test database is loaded from. */
    pgliteImage: string;
  }
}

/** Everything `migrate()` reads or runs, so a template made by older migrations is never reused. */
const MIGRATION_INPUTS = ["server/db", "server/migrate.ts", "server/jobs/install.ts", "server/jobs/queues.ts"];
const MIGRATION_PACKAGES = ["drizzle-orm", "pg-boss", "@electric-sql/pglite"];

function files(relative: string): string[] {
  const full = path.join(rootDir, relative);
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).sort().flatMap((name) => files(path.join(relative, name)));
}

export function migrationHash(): string {
  const hash = createHash("sha256");
  for (const file of MIGRATION_INPUTS.flatMap(files)) hash.update(`${file}\0`).update(readFileSync(path.join(rootDir, file))).update("\0");
  for (const name of MIGRATION_PACKAGES) hash.update(`${name}@${JSON.parse(readFileSync(path.join(rootDir, "node_modules", name, "package.json"), "utf8")).version}\0`);
  return hash.digest("hex").slice(0, 16);
}

/** Arbitrary constant: serialises template creation between runs sharing one PostgreSQL server. */
const TEMPLATE_LOCK_ID = 7_420_515;

/**
 * The template named by the migration hash, made when missing. It is kept afterwards, as another
 * run (another checkout on the same server) may be copying it; a new hash makes a new one. It is
 * built under a second name and renamed when complete, so a run that dies half-way leaves no
 * half-migrated template behind, and it refuses connections, as `create database … template`
 * fails while anyone is connected to the template.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `termvest_template_${migrationHash()}`;
  const building = `${name}_building`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openPostgres(url.toString(), { max: 2 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    await admin.query(`alter database ${name} allow_connections false`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]).catch(() => undefined);
    await admin.end();
  }
}

/** A tarball (uncompressed: it loads faster) of a freshly migrated PGlite, in a temporary folder. */
async function writePgliteImage(folder: string): Promise<string> {
  const handle = await openPglite(undefined);
  try {
    await migrate(handle);
    const file = path.join(folder, "migrated.tar");
    writeFileSync(file, gunzipSync(await handle.dumpDataDir!()));
    return file;
  } finally {
    await handle.close();
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  if (serverUrl) {
    project.provide("postgresTemplate", await ensurePostgresTemplate(serverUrl));
    return undefined;
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "termvest-pglite-image-"));
  project.provide("pgliteImage", await writePgliteImage(folder));
  return () => rmSync(folder, { recursive: true, force: true });
}
