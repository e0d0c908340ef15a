/**
 * Each migration applied to the seeded database (bench/scale.ts): how long it takes and the longest
 * time it held a lock that stops writes to a table, as if it were the next release's migration.
 *
 * The database is already at the newest schema, so each migration runs in its own transaction that
 * is rolled back, statement by statement: an index or a constraint is built under a new name (so
 * the work is the same as the first time), and a statement whose object already exists otherwise
 * (a table, a column added without a rewrite) or is gone (a later migration dropped it) is counted
 * as done: on a live database it costs a catalog change only. A statement the newest schema cannot
 * take at all (a later migration changed what it changes) is counted and reported, not timed.
 * A second connection samples pg_locks every 20 ms for the migration's backend: a lock at
 * ShareLock or above on a table blocks its writers until the transaction ends, as drizzle's
 * migrator holds it. A statement still running after STATEMENT_LIMIT_S is stopped and the
 * migration reported as at least that long.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrationsDir } from "#server/paths.js";

export interface MigrationMeasure {
  file: string;
  seconds: number;
  /** The longest a write-blocking table lock was held (s), and on which tables. */
  lockSeconds: number;
  lockedTables: string[];
  /** Statements the newest schema holds already (a catalog-only change on a live database). */
  existing: number;
  /** The replay was stopped at STATEMENT_LIMIT_S: it takes at least that long. */
  timedOut?: boolean;
  /** Statements that cannot run against the newest schema because a later migration changed what they change (e.g. a column's type under a view made later), with the first reason. */
  notReplayable: number;
  firstReason?: string;
}

/** A replayed statement is stopped after this long (s): a migration that long is rewritten anyway. */
const STATEMENT_LIMIT_S = 120;
const QUERY_CANCELED = "57014";

const WRITE_BLOCKING = new Set(["ShareLock", "ShareRowExclusiveLock", "ExclusiveLock", "AccessExclusiveLock"]);
/**
 * Errors of a change the newest schema holds already: an object that exists (table, column, object,
 * function, schema) or one a later migration removed (undefined function, table, column, object).
 */
const ALREADY_THERE = new Set(["42P07", "42701", "42710", "42723", "42P06", "42P16", "42883", "42P01", "42703", "42704"]);

/** The same work under a new name: an index or a constraint is built again, not skipped. */
function renamed(statement: string): string {
  return statement
    .replace(/(create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?)"?(\w+)"?/i, '$1"$2_scale"')
    .replace(/(add\s+constraint\s+)"?(\w+)"?/i, '$1"$2_scale"')
    .replace(/\bconcurrently\s+/i, "");
}

export async function measureMigrations(url: string, log: (line: string) => void): Promise<MigrationMeasure[]> {
  const files = readdirSync(migrationsDir).filter((file) => file.endsWith(".sql")).sort();
  const runner = new pg.Client({ connectionString: url });
  const watcher = new pg.Client({ connectionString: url });
  await runner.connect();
  await watcher.connect();
  const results: MigrationMeasure[] = [];
  try {
    const pid = (await runner.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    await runner.query(`set statement_timeout = '${STATEMENT_LIMIT_S}s'`);
    for (const file of files) {
      const statements = readFileSync(path.join(migrationsDir, file), "utf8").split("--> statement-breakpoint").map((text) => text.trim()).filter(Boolean);
      const firstSeen = new Map<string, number>();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await watcher.query<{ relation: string; mode: string }>(
            `select l.relation::regclass::text as relation, l.mode from pg_locks l join pg_class c on c.oid = l.relation
             where l.pid = $1 and l.granted and l.locktype = 'relation' and c.relkind in ('r', 'p')`,
            [pid],
          );
          for (const row of rows) if (WRITE_BLOCKING.has(row.mode) && !firstSeen.has(row.relation)) firstSeen.set(row.relation, performance.now());
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      let existing = 0;
      let timedOut = false;
      let notReplayable = 0;
      let firstReason: string | undefined;
      await runner.query("begin");
      try {
        for (const [index, statement] of statements.entries()) {
          await runner.query(`savepoint s${index}`);
          try {
            await runner.query(renamed(statement));
          } catch (error) {
            const code = (error as { code?: string }).code ?? "";
            if (code === QUERY_CANCELED) {
              timedOut = true;
              await runner.query(`rollback to savepoint s${index}`);
              break;
            }
            if (ALREADY_THERE.has(code)) existing += 1;
            else {
              notReplayable += 1;
              firstReason ??= `statement ${index + 1}: ${(error as Error).message}`;
            }
            await runner.query(`rollback to savepoint s${index}`);
          }
        }
      } finally {
        const ended = performance.now();
        await runner.query("rollback");
        sampling = false;
        await sampler;
        const locks = [...firstSeen.entries()].map(([table, at]) => ({ table, seconds: (ended - at) / 1000 }));
        const longest = locks.reduce((max, lock) => Math.max(max, lock.seconds), 0);
        results.push({ file, seconds: (ended - started) / 1000, lockSeconds: longest, lockedTables: locks.filter((lock) => lock.seconds >= longest / 2 && longest > 0).map((lock) => lock.table), existing, notReplayable, ...(firstReason ? { firstReason } : {}), ...(timedOut ? { timedOut } : {}) });
        log(`  ${file}: ${((ended - started) / 1000).toFixed(2)} s${timedOut ? ` (stopped at ${STATEMENT_LIMIT_S} s)` : ""}, longest write-blocking lock ${longest.toFixed(2)} s`);
      }
    }
  } finally {
    await runner.end();
    await watcher.end();
  }
  return results;
}
