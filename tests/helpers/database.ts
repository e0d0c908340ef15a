import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, pgliteDirectory, type DatabaseHandle } from "#server/db/client.js";
import { migrate } from "#server/migrate.js";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this test's own database. */
  url?: string;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set; PGlite in memory otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A fresh, migrated database: its own PostgreSQL database (created and dropped here), or PGlite in
 * memory. It starts as a copy of the run's migrated template (tests/helpers/migrated-template.ts);
 * `{ empty: true }` gives one no migration has touched, for the tests of `migrate()` itself.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const image = options.empty ? undefined : inject("pgliteImage");
    const handle = await openPglite(undefined, image ? { loadDataDir: new Blob([await readFile(image)]) } : {});
    if (!image && !options.empty) await migrate(handle);
    return { handle, dispose: () => handle.close() };
  }
  const template = options.empty ? undefined : inject("postgresTemplate");
  const name = `termvest_test_${randomBytes(6).toString("hex")}`;
  const adminUrl = new URL(testDatabaseUrl);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 20 });
  if (!template && !options.empty) await migrate(handle);
  return {
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Puts the run's migrated PGlite (tests/helpers/migrated-template.ts) into a server's data
 * directory, so a server started on it opens a migrated database instead of creating and migrating
 * one (initdb alone takes seconds). For the tests of what happens after the first start; the first
 * start itself is tested on empty directories (tests/data-dir.test.ts, the e2e server). A run on
 * PostgreSQL has no such image: the directory stays empty and the server migrates it.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const image = inject("pgliteImage");
  if (!image) return;
  const handle = await openPglite(pgliteDirectory(dataDir), { loadDataDir: new Blob([await readFile(image)]) });
  await handle.close();
}
