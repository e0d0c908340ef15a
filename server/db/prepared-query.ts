import type { DbExecutor } from "./client.js";
import { driverClientOf } from "./driver-client.js";

type Row = Record<string, unknown>;

/**
 * Runs one statement, prepared once per connection under `name` (PGlite takes no name), on the
 * driver behind a drizzle database or transaction. For the ledger's hot path only: there drizzle's
 * query builder and result mapping cost about a tenth of Node.js's CPU per journal (decision 0021).
 */
export async function queryPrepared<T extends Row>(executor: DbExecutor, name: string, text: string, values: unknown[]): Promise<T[]> {
  const driver = driverClientOf(executor);
  if (driver.kind === "pg") return (await driver.client.query<T>({ name, text, values })).rows;
  return (await driver.client.query(text, values)).rows as T[];
}
