import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { schema } from "./schema.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction: services that join the caller's transaction take this. */
export type DbExecutor = Pick<Database, "execute" | "select" | "insert" | "update" | "delete">;

/** One call of raw SQL: with values a single statement, without them possibly several. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** One connection held for the whole of a piece of work (see `withConnection`). */
export interface HeldConnection {
  executeSql: ExecuteSql;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * Only for reads that may lag by seconds (decision 0062): statements, history pages after the
   * first, the back office's lists. The read replica's pool when DATABASE_READ_URL is set, else
   * `db` itself. Never for what decides on money or shows a change just made: that reads `db`.
   */
  replica: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs `work` on one connection held until it ends (PGlite has only one), for a transaction kept
   * open while other work runs: the migrations' lock (server/migrate.ts).
   */
  withConnection<T>(work: (connection: HeldConnection) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The connections behind `db`, for /metrics: PostgreSQL's pool, or PGlite's single one. */
  connections(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: a gzipped tarball of the data directory, taken while no transaction is open, so
   * it is a consistent copy of a running database (server/backup.ts).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /** Raw SQL outside any transaction, for the job queue's own statements (pg-boss). */
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;
/**
 * PGlite turns bytea into its hex text and back one byte at a time in JavaScript: seconds for a
 * 10 MB identity file. Node's hex codec does the same conversion in one call.
 */
const byteaAsHex = {
  serializers: { [BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}` },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
};

/**
 * `location` is a directory, or undefined for an in-memory database (tests). `loadDataDir` starts
 * it from a tarball of another data directory instead of an empty one (the tests' migrated image).
 */
export async function openPglite(location: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (location) mkdirSync(location, { recursive: true });
  const client = await PGlite.create({
    ...byteaAsHex,
    // The user search's trigram indexes (server/db/sql/online/).
    extensions: { pg_trgm },
    ...(location ? { dataDir: location } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    replica: db,
    kind: "pglite",
    withConnection: (work) => work({ executeSql: handle.executeSql }),
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

/** A `pg` pool whose lost connections never throw from an `error` event. */
function pgPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any real outage.
  });
  // A connection that dies while checked out (between two statements of a transaction, say) emits
  // "error" on its client; with no listener that would be an uncaught exception. The statement in
  // flight, or the next one, fails on its own and the request answers 500.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  return pool;
}

/** `readUrl`: a streaming replica of `url`'s database, opened as a second pool of the same size for `replica`. */
export async function openPostgres(url: string, options: { max?: number; readUrl?: string | undefined } = {}): Promise<DatabaseHandle> {
  const max = options.max ?? 10;
  const pool = pgPool(url, max);
  const readPool = options.readUrl ? pgPool(options.readUrl, max) : undefined;
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    replica: readPool ? (drizzlePg({ client: readPool, schema }) as unknown as Database) : db,
    kind: "postgres",
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await work({ executeSql: (text, values) => client.query(text, values) });
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: (text, values) => pool.query(text, values),
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; databaseReadUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { readUrl: config.databaseReadUrl }) : openPglite(pgliteDirectory(config.dataDir));
}
