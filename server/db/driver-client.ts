import pg from "pg";
import type { DbExecutor } from "./client.js";

type Row = Record<string, unknown>;

/** The driver under a drizzle database or transaction, narrowed to what the ledger's hot path uses. */
export type DriverClient =
  | { kind: "pg"; client: pg.Pool | pg.Client | pg.PoolClient }
  | { kind: "pglite"; client: { query(text: string, params?: unknown[]): Promise<{ rows: Row[] }> } };

/**
 * The one place that reads drizzle's `session.client`, which is not part of its typed API: the pg
 * Pool (a database), the pool client (inside a transaction, so statements join it), or PGlite.
 * tests/driver-client.test.ts runs it on both drivers, in and out of a transaction, so a drizzle
 * upgrade that moves it fails there, not in production.
 */
export function driverClientOf(executor: DbExecutor): DriverClient {
  const client = (executor as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) return { kind: "pg", client };
  if (client && typeof (client as { query?: unknown }).query === "function") {
    return { kind: "pglite", client: client as Extract<DriverClient, { kind: "pglite" }>["client"] };
  }
  throw new Error("driverClientOf: drizzle no longer exposes its driver as session.client");
}
