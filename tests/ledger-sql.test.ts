import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.js";
import { applyLedgerSql, readLedgerSql, type LedgerSqlFile } from "#server/db/ledger-sql.js";
import { platformAccount, userAccount, type PlatformAccountKind, type UserAccountKind } from "#server/services/ledger/accounts.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";

/**
 * server/db/sql/ is the ledger's current SQL. What a migrated database holds must be exactly those
 * files: no ledger function, view or trigger defined only in a migration, none left out, none that
 * a later migration replaced with another body.
 */
type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Our objects in the public schema (better-auth and drizzle own none of these kinds; an extension's, such as pg_trgm's, are its own). */
async function databaseObjects(db: Database): Promise<Map<string, string>> {
  const functions = await rows<{ name: string; def: string }>(db, sql`
    select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  const views = await rows<{ name: string; def: string }>(db, sql`
    select viewname as name, pg_get_viewdef(format('public.%I', viewname)::regclass) as def from pg_views where schemaname = 'public'`);
  const triggers = await rows<{ name: string; def: string }>(db, sql`
    select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = 'public'`);
  return new Map([
    ...functions.map((row) => [`functions/${row.name}`, row.def] as const),
    ...views.map((row) => [`views/${row.name}`, row.def] as const),
    ...triggers.map((row) => [`triggers/${row.name}`, row.def] as const),
  ]);
}

/** A trigger's definition as PostgreSQL prints it, from the file's statement. */
const triggerText = (text: string) =>
  text
    .replace(/--.*$/gm, "")
    .replace(/\bOR REPLACE\s+/i, "")
    .replace(/"/g, "")
    .replace(/\s+/g, " ")
    .replace(/;\s*$/, "")
    .trim();

/**
 * Each function and view file is run again inside a scratch schema, in a transaction that is rolled
 * back, and PostgreSQL prints both definitions: the comparison is exact, with no parsing of SQL here.
 */
async function fileDefinitions(db: Database, files: LedgerSqlFile[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`create schema ledger_sql_check`);
      await tx.execute(sql`set local search_path = ledger_sql_check, public`);
      for (const file of files) {
        if (file.kind === "triggers") {
          result.set(`${file.kind}/${file.name}`, triggerText(file.text));
          continue;
        }
        await tx.execute(sql.raw(file.text));
        const [row] = ((await tx.execute(
          file.kind === "functions"
            ? sql`select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname = 'ledger_sql_check' and p.proname = ${file.name}`
            : sql`select pg_get_viewdef(format('ledger_sql_check.%I', ${file.name}::text)::regclass) as def`,
        )) as unknown as Rows<{ def: string }>).rows;
        if (!row) throw new Error(`${file.kind}/${file.name}.sql does not define ${file.name}`);
        result.set(`${file.kind}/${file.name}`, row.def.replaceAll("ledger_sql_check.", "public."));
      }
      throw new RollbackScratch();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollbackScratch)) throw error;
    });
  return result;
}
class RollbackScratch extends Error {}

async function differences(db: Database): Promise<string[]> {
  const files = readLedgerSql();
  const expected = await fileDefinitions(db, files);
  const actual = await databaseObjects(db);
  const problems: string[] = [];
  for (const [name, def] of expected) {
    const held = actual.get(name);
    const comparable = name.startsWith("triggers/") && held ? triggerText(held.replaceAll("public.", "")) : held;
    if (held === undefined) problems.push(`${name}: in server/db/sql but not in the database`);
    else if (comparable !== (name.startsWith("triggers/") ? def.replaceAll("public.", "") : def)) problems.push(`${name}: the database holds another definition`);
  }
  for (const name of actual.keys()) if (!expected.has(name)) problems.push(`${name}: in the database but has no file in server/db/sql`);
  return problems;
}

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.dispose();
});

describe("the ledger's SQL in server/db/sql", () => {
  it("is exactly what a migrated database holds: every function, view and trigger, nothing else", async () => {
    expect(readLedgerSql().length).toBeGreaterThanOrEqual(15);
    expect(await differences(db)).toEqual([]);
  });

  it("notices a function whose body differs from its file, and migrating again restores the file's", async () => {
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION ledger_account_id(p_user_id text, p_kind text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'x:' || p_kind $$`));
    expect(await differences(db)).toEqual(["functions/ledger_account_id: the database holds another definition"]);
    // The digest is unchanged, so only a change of files or migrations re-applies them: forget it.
    await db.execute(sql`delete from ledger_sql_version`);
    expect(await applyLedgerSql(db)).toBe(true);
    expect(await differences(db)).toEqual([]);
    expect(await applyLedgerSql(db)).toBe(false);
  });

  it("notices an object a migration created that has no file", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`CREATE FUNCTION ledger_stray() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$`));
      const problems = await differences(tx as unknown as Database);
      expect(problems).toEqual(["functions/ledger_stray: in the database but has no file in server/db/sql"]);
      await tx.execute(sql`drop function ledger_stray()`);
    });
  });
});

describe("account ids", () => {
  const users: Array<[string, UserAccountKind, string]> = [
    ["user-1", "available", "u:user-1:available"],
    ["0190f0a2-7c1d-7000-8000-000000000001", "invested", "u:0190f0a2-7c1d-7000-8000-000000000001:invested"],
    ["user-1", "payout_hold", "u:user-1:payout_hold"],
  ];
  const platform: Array<[PlatformAccountKind, string]> = [
    ["deposits", "p:deposits"],
    ["interest", "p:interest"],
    ["payouts", "p:payouts"],
  ];

  it("are spelled the same by TypeScript (accounts.ts) and SQL (ledger_account_id)", async () => {
    for (const [userId, kind, id] of users) {
      expect(userAccount(userId, kind).id).toBe(id);
      const [row] = await rows<{ id: string }>(db, sql`select ledger_account_id(${userId}, ${kind}) as id`);
      expect(row?.id).toBe(id);
    }
    for (const [kind, id] of platform) {
      expect(platformAccount(kind).id).toBe(id);
      const [row] = await rows<{ id: string }>(db, sql`select ledger_account_id(null, ${kind}) as id`);
      expect(row?.id).toBe(id);
    }
  });

  it("of a new user are the three the database created with them", async () => {
    await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('ids-user', 'Ids', 'ids@example.test', true, now(), now())`);
    const created = await rows<{ id: string }>(db, sql`select id from ledger_account where user_id = 'ids-user' order by id`);
    expect(created.map((row) => row.id)).toEqual(
      (["available", "invested", "payout_hold"] as const).map((kind) => userAccount("ids-user", kind).id),
    );
  });
});
