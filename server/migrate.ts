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
 * current SQL (server/db/ledger-sql.ts), then the settings and indexes applied online
 * (server/db/online-sql.ts), then the job queue's tables and queues. Safe to run from several
 * processes at once on PostgreSQL: they take turns under one advisory lock.
 *
 * The lock belongs to a transaction left open on a connection of its own while the work runs on
 * others (so PostgreSQL needs two of the pool's connections), never to a session: through
 * PgBouncer in transaction mode (docs/scaling.md) one client connection's statements run on
 * whichever server connection is free, and a session lock taken by one server was held by every
 * server later handed that connection, so three servers starting together migrated at once.
 * An open transaction keeps its server connection until it ends, directly or through PgBouncer.
 * A waiting server asks again every LOCK_RETRY_MS rather than holding a transaction open while it
 * waits: a concurrent index build (online-sql.ts, run once the lock is released) waits for every
 * transaction open when it starts.
 */
export async function migrate(database: DatabaseHandle): Promise<void> {
  const apply = async () => {
    if (database.kind === "postgres") await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsDir });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsDir });
    await applyLedgerSql(database.db);
    await installJobQueue(database);
  };
  if (database.kind === "pglite") {
    await apply();
    return applyOnlineSql(database.executeSql, database.kind);
  }
  await database.withConnection(async ({ executeSql }) => {
    for (;;) {
      await executeSql("begin");
      if ((await executeSql("select pg_try_advisory_xact_lock($1) as locked", [MIGRATION_LOCK_ID])).rows[0]?.locked) break;
      await executeSql("rollback");
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    try {
      await apply();
    } finally {
      // Ends the transaction, and with it the lock, whether the work succeeded or not.
      await executeSql("commit").catch(() => undefined);
    }
  });
  // After the lock's transaction has ended: a concurrent index build waits for every transaction
  // open when it starts, that one included. Servers starting together may both get here; each
  // statement is idempotent (online-sql.ts).
  await applyOnlineSql(database.executeSql, database.kind);
}
