import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOnlineSql } from "#server/db/online-sql.js";
import { migrate } from "#server/migrate.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";

let database: TestDatabase;
const db = () => database.handle.db;
type Rows<T> = { rows: T[] };
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as Rows<T>).rows;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  await migrate(database.handle);
});

afterAll(async () => {
  await database?.dispose();
});

const builtIndexes = readOnlineSql().flatMap((file) => (file.index ? [file.index] : []));

describe("what is applied outside the migrations' transaction (decision 0063)", () => {
  it("builds every index its files name, valid, and names each file's index once", async () => {
    expect(builtIndexes).toEqual(expect.arrayContaining(["posting_created_at_brin", "journal_created_at_brin", "user_email_trgm", "user_name_trgm"]));
    const valid = await rows<{ name: string }>(sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisvalid`);
    expect(valid.map((row) => row.name)).toEqual(expect.arrayContaining(builtIndexes));
  });

  it("finds users by a fragment of an e-mail address or a name, whatever its case, through the trigram indexes", async () => {
    await db().execute(sql`insert into "user" (id, name, email, created_at, updated_at)
      values ('trgm-1', 'Ngozi Okafor', 'ngozi.okafor@example.com', now(), now()), ('trgm-2', 'Bayo Bello', 'bayo@example.com', now(), now())`);
    await db().execute(sql`set enable_seqscan = off`);
    try {
      const plan = await rows<{ "QUERY PLAN": string }>(sql`explain select id from "user" where email ilike '%OKAFOR@exa%' or name ilike '%gozi oka%'`);
      const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
      expect(text).toContain("user_email_trgm");
      expect(text).toContain("user_name_trgm");
      const found = await rows<{ id: string }>(sql`select id from "user" where email ilike '%OKAFOR@exa%' or name ilike '%gozi oka%'`);
      expect(found.map((row) => row.id)).toEqual(["trgm-1"]);
    } finally {
      await db().execute(sql`reset enable_seqscan`);
    }
  });

  it.runIf(testDatabaseUrl)("on PostgreSQL rebuilds an index a failed concurrent build left invalid, and turns JIT off for new sessions", async () => {
    await db().execute(sql`update pg_index set indisvalid = false where indexrelid = 'posting_created_at_brin'::regclass`);
    await migrate(database.handle);
    const [index] = await rows<{ valid: boolean }>(sql`select indisvalid as valid from pg_index where indexrelid = 'posting_created_at_brin'::regclass`);
    expect(index?.valid).toBe(true);
    const fresh = new pg.Client({ connectionString: database.url });
    await fresh.connect();
    try {
      expect((await fresh.query("show jit")).rows[0]?.jit).toBe("off");
    } finally {
      await fresh.end();
    }
  });
});
