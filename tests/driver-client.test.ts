import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverClientOf } from "#server/db/driver-client.js";
import { queryPrepared } from "#server/db/prepared-query.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";

/** The ledger's hot path reads drizzle's private driver handle; these fail first if an upgrade moves it. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("driverClientOf", () => {
  it("finds the driver of the database", () => {
    expect(driverClientOf(database.handle.db).kind).toBe(testDatabaseUrl ? "pg" : "pglite");
  });

  it("finds the transaction's own connection inside a transaction, so prepared statements join it", async () => {
    await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table driver_probe (n int) on commit drop`);
      await tx.execute(sql`insert into driver_probe values (41)`);
      // Only the transaction's connection can see its uncommitted temporary table.
      const rows = await queryPrepared<{ n: number }>(tx, "driver_probe_read", "select n + $1::int as n from driver_probe", [1]);
      expect(rows).toEqual([{ n: 42 }]);
      // Prepared under the same name twice on one connection: the second use reuses it.
      expect(await queryPrepared<{ n: number }>(tx, "driver_probe_read", "select n + $1::int as n from driver_probe", [2])).toEqual([{ n: 43 }]);
    });
  });

  it("refuses an executor without a driver rather than guessing", () => {
    expect(() => driverClientOf({} as never)).toThrow(/session\.client/);
  });
});
