import pg from "pg";
import type { DbExecutor } from "./client.js";

type Row = Record<string, unknown>;
interface PgliteClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * Runs one statement, prepared once per connection under `name`, on the driver behind a drizzle
 * database or transaction: the pg.Pool, the pool client of a transaction, or PGlite (which takes
 * no name). For the ledger's hot path only: there drizzle's query builder and result mapping cost
 * about a tenth of Node.js's CPU per journal (decision 0021). The driver is drizzle's
 * `session.client`, not part of its typed API: the ledger tests run this on both drivers, in and
 * out of transactions, so an upgrade that moves it fails there.
 */
export async function queryPrepared<T extends Row>(executor: DbExecutor, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (executor as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query<T>({ name, text, values })).rows;
  }
  if (client && typeof (client as PgliteClient).query === "function") {
    return (await (client as PgliteClient).query(text, values)).rows as T[];
  }
  throw new Error("queryPrepared: this executor has no driver client");
}
