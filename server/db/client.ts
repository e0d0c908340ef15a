import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { migrationsDir } from "../paths.js";
import { installJobQueue } from "../jobs/install.js";
import { applyLedgerSql } from "./ledger-sql.js";
import { schema } from "./schema.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction: services that join the caller's transaction take this. */
export type DbExecutor = Pick<Database, "execute" | "select" | "insert" | "update" | "delete">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Applies pending migrations, then the ledger's current SQL (server/db/ledger-sql.ts); safe to call
   * from several processes at once on PostgreSQL.
   */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The connections behind `db`, for /metrics: PostgreSQL's pool, or PGlite's single one. */
  connections(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: a gzipped tarball of the data directory, taken while no transaction is open, so
   * it is a consistent copy of a running database (server/backup.ts).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /**
   * One call of raw SQL outside any transaction, for the job queue's own statements (pg-boss):
   * with values a single statement, without them possibly several.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/** Arbitrary constant: the advisory lock that serialises migrations across servers. */
const MIGRATION_LOCK_ID = 7_420_514;

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * `location` is a directory, or undefined for an in-memory database (tests). `loadDataDir` starts
 * it from a tarball of another data directory instead of an empty one (the tests' migrated image).
 */
export async function openPglite(location: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (location) mkdirSync(location, { recursive: true });
  const client = await PGlite.create({ ...(location ? { dataDir: location } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
      await applyLedgerSql(db);
      await installJobQueue(handle);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    connections: () => ({ total: 1, idle: 1, waiting: 0 }),
    // Inside a transaction of its own: PGlite runs one transaction at a time, so while this one is
    // open no other is half done, and the dump (which blocks every query) sees only committed work.
    dumpDataDir: () =>
      client.transaction(async () => new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer())),
    executeSql: async (text, values) => {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      try {
        return (await client.exec(text)).at(-1) ?? { rows: [] };
      } catch (error) {
        // pg-boss sends BEGIN … COMMIT as one text: on the one shared connection, a failure part-way
        // must not leave that transaction open under every later query.
        await client.exec("rollback").catch(() => undefined);
        throw error;
      }
    },
    close: () => client.close(),
  };
  return handle;
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any real outage.
  });
  // A connection that dies while checked out (between two statements of a transaction, say) emits
  // "error" on its client; with no listener that would be an uncaught exception. The statement in
  // flight, or the next one, fails on its own and the request answers 500.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        const locked = drizzlePg({ client: lockClient });
        await migratePg(locked, { migrationsFolder: migrationsDir });
        await applyLedgerSql(locked as unknown as Database);
        await installJobQueue({ executeSql: (text, values) => lockClient.query(text, values) });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(pgliteDirectory(config.dataDir));
}
