import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.js";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this test's own database. */
  url?: string;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set; PGlite in memory otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** A fresh, migrated database: its own PostgreSQL database (created and dropped here), or PGlite in memory. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const handle = await openPglite(undefined);
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const name = `termvest_test_${randomBytes(6).toString("hex")}`;
  const adminUrl = new URL(testDatabaseUrl);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 20 });
  await handle.migrate();
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
