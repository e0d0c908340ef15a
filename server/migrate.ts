import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./db/client.js";
import { applyLedgerSql } from "./db/ledger-sql.js";
import { applyOnlineSql } from "./db/online-sql.js";
import { installJobQueue } from "./jobs/install.js";
import { migrationsDir } from "./paths.js";

/** Arbitrary constant: the advisory lock that serialises migrations across servers. */
const MIGRATION_LOCK_ID = 7_420_514;

/** How often a server waiting for another's migrations asks for the lock again. */
const LOCK_RETRY_MS = 200;

/**
 * Brings a database up to date: the schema's migrations (server/db/migrations), then the ledger's
 * current SQL (server/db/ledger-sql.ts), then the indexes built online (server/db/online-sql.ts),
 * then the job queue's tables and queues. Safe to run from several processes at once on
 * PostgreSQL: they take turns under one advisory lock, held on the one connection that does the
 * work. A waiting server asks again and again rather than blocking in one statement: a concurrent
 * index build waits for every open snapshot, which a blocked statement holds.
 */
export async function migrate(database: DatabaseHandle): Promise<void> {
  await database.withConnection(async ({ db, executeSql }) => {
    if (database.kind === "postgres") {
      while (!(await executeSql("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_ID])).rows[0]?.locked) {
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    try {
      if (database.kind === "postgres") await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: migrationsDir });
      else await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: migrationsDir });
      await applyLedgerSql(db);
      await applyOnlineSql(executeSql, database.kind);
      await installJobQueue({ executeSql });
    } finally {
      if (database.kind === "postgres") await executeSql("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    }
  });
}
