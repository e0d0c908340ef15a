import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";
import { migrate } from "#server/migrate.js";

/**
 * Every other test starts from a copy of the run's migrated template (tests/helpers/migrated-template.ts).
 * Here `migrate()` itself runs on an empty database, and must build exactly what that copy holds:
 * the same tables, columns, constraints, indexes, functions, triggers and views, the same
 * recorded migrations and ledger version, and the same job queues.
 */
const CATALOG = {
  columns: `select table_schema, table_name, column_name, data_type, column_default, is_nullable
    from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2, 3`,
  constraints: `select n.nspname, c.conrelid::regclass::text as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
  indexes: `select schemaname, tablename, indexname, indexdef from pg_indexes
    where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
  functions: `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind in ('f', 'p') order by 1, 2, 3`,
  triggers: `select tgrelid::regclass::text as table_name, tgname, pg_get_triggerdef(oid) as definition
    from pg_trigger where not tgisinternal order by 1, 2`,
  views: `select schemaname, viewname, definition from pg_views
    where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  migrations: `select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  ledgerSql: `select name, digest from ledger_sql_version order by name`,
  queues: `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue order by name`,
};

async function catalog(database: TestDatabase): Promise<Record<string, unknown[]>> {
  const entries = [];
  for (const [part, text] of Object.entries(CATALOG)) entries.push([part, (await database.handle.executeSql(text)).rows] as const);
  return Object.fromEntries(entries);
}

const opened: TestDatabase[] = [];
async function open(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const database = await createTestDatabase(options);
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened.splice(0)) await database.dispose();
});

describe(`migrate() on ${testDatabaseUrl ? "PostgreSQL" : "PGlite"}`, () => {
  it("builds, from an empty database, what every other test's database starts with, and a second run changes nothing", async () => {
    const empty = await open({ empty: true });
    const tables = "select count(*)::int as n from information_schema.tables where table_schema = 'public'";
    expect((await empty.handle.executeSql(tables)).rows).toEqual([{ n: 0 }]);
    await migrate(empty.handle);
    const migrated = await catalog(empty);
    expect(migrated.migrations!.length).toBeGreaterThan(20);
    expect(migrated.queues!.length).toBeGreaterThan(5);
    expect(migrated.functions!.length).toBeGreaterThan(10);
    expect(migrated).toEqual(await catalog(await open()));
    await migrate(empty.handle);
    expect(await catalog(empty)).toEqual(migrated);
  }, 90_000);
});
