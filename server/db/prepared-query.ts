import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

const dialect = new PgDialect();

/**
 * queryPrepared for a statement composed from drizzle `sql` fragments (several modules' CTEs in one
 * statement). The composed text must be the same on every call under one `name`: only values vary.
 */
export function queryPreparedSql<T extends Row>(executor: DbExecutor, name: string, statement: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(statement);
  return queryPrepared<T>(executor, name, sql, params);
}
