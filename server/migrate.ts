import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./db/client.js";
import { applyLedgerSql } from "./db/ledger-sql.js";
import { installJobQueue } from "./jobs/install.js";
import { migrationsDir } from "./paths.js";

/** Arbitrary constant: the advisory lock that serialises migrations across servers. */
const MIGRATION_LOCK_ID = 7_420_514;

/**
 * Brings a database up to date: the schema's migrations (server/db/migrations), then the ledger's
 * current SQL (server/db/ledger-sql.ts), then the job queue's tables and queues. Safe to run from
 * several processes at once on PostgreSQL: they take turns under one advisory lock.
 *
 * The lock belongs to a transaction left open on a connection of its own while the work runs on
 * others (so PostgreSQL needs two of the pool's connections), never to a session: through
 * PgBouncer in transaction mode (docs/scaling.md) one client connection's statements run on
 * whichever server connection is free, and a session lock taken by one server was held by every
 * server later handed that connection, so three servers starting together migrated at once.
 * An open transaction keeps its server connection until it ends, directly or through PgBouncer.
 */
export async function migrate(database: DatabaseHandle): Promise<void> {
  const apply = async () => {
    if (database.kind === "postgres") await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsDir });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsDir });
    await applyLedgerSql(database.db);
    await installJobQueue(database);
  };
  if (database.kind === "pglite") return apply();
  await database.withConnection(async ({ executeSql }) => {
    await executeSql("begin");
    try {
      await executeSql("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      await apply();
    } finally {
      // Ends the transaction, and with it the lock, whether the work succeeded or not.
      await executeSql("commit").catch(() => undefined);
    }
  });
}
