import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readMigrationJournal } from "#server/db/migration-status.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const journal = readMigrationJournal();
const readyz = async () => {
  const response = await suite.server.client().get("/readyz");
  return { status: response.status, body: await response.json() };
};

describe("/readyz", () => {
  it("is ready when every migration of this build is applied", async () => {
    expect(journal.count).toBeGreaterThan(10);
    expect(await readyz()).toMatchObject({ status: 200, body: { status: "ready", migrations: { applied: journal.count, expected: journal.count } } });
  });

  it("answers 503 with a reason while the database is behind the build", async () => {
    const last = (await db().execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: Array<{ id: number; hash: string; created_at: string }>;
    };
    const row = last.rows[0];
    expect(Number(row?.created_at)).toBe(journal.lastWhen);
    await db().execute(sql`delete from drizzle.__drizzle_migrations where id = ${row?.id}`);
    try {
      expect(await readyz()).toEqual({
        status: 503,
        body: {
          status: "unavailable",
          database: suite.database.handle.kind,
          reason: `Database migrations are behind: ${journal.count - 1} of ${journal.count} applied.`,
          migrations: { applied: journal.count - 1, expected: journal.count },
        },
      });
    } finally {
      await db().execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row?.id}, ${row?.hash}, ${row?.created_at})`);
    }
    expect((await readyz()).status).toBe(200);
  });

  it("answers 503 when no migration was ever recorded", async () => {
    await db().execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_hidden`);
    try {
      expect(await readyz()).toMatchObject({ status: 503, body: { status: "unavailable", reason: "Database migrations have not been applied." } });
    } finally {
      await db().execute(sql`alter table drizzle.__drizzle_migrations_hidden rename to __drizzle_migrations`);
    }
    expect((await readyz()).status).toBe(200);
  });
});
