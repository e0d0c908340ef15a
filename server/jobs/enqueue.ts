import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { DbExecutor } from "#server/db/client.js";
import { bossDbIn, bossStatement, type BossDb } from "./boss-db.js";
import type { JobName } from "./queues.js";
import { QUEUE_SCHEMA } from "./queues.js";

// pg-boss builds its INSERT from its configuration alone; this instance never opens a connection:
// every call below passes the caller's transaction as its database.
const producer = new PgBoss({
  schema: QUEUE_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error("jobs are enqueued only through a caller's transaction")),
  },
});

/**
 * Enqueues a job in the caller's transaction: it exists only if that transaction commits
 * (decision 0030). `startAfterSeconds` delays it.
 */
export async function enqueueJob(tx: DbExecutor, name: JobName, data: object, options: { startAfterSeconds?: number } = {}): Promise<void> {
  // As a moment, not a number of seconds: pg-boss's statement names that value three times, and
  // through Drizzle each is its own parameter, which PostgreSQL types apart (a timestamp, a text).
  const startAfter = options.startAfterSeconds ? new Date(Date.now() + options.startAfterSeconds * 1000) : undefined;
  // On a stately queue that already holds a waiting job this inserts nothing: that run does the work.
  await producer.send(name, data, { db: bossDbIn(tx), ...(startAfter ? { startAfter } : {}) });
}

/** Several jobs of one queue in one statement, in the caller's transaction (settlement's mail copies). */
export async function enqueueJobs(tx: DbExecutor, name: JobName, data: readonly object[]): Promise<void> {
  if (data.length === 0) return;
  await producer.insert(
    data.map((item) => ({ name, data: item })),
    { db: bossDbIn(tx) },
  );
}

/** pg-boss's multi-job INSERT and its values, as `insert()` sends them; the jobs are its first value. */
let insertStatement: Promise<{ text: string; values: unknown[] }> | undefined;

function capturedInsert(): Promise<{ text: string; values: unknown[] }> {
  insertStatement ??= new Promise((resolve, reject) => {
    const recorder: BossDb = {
      executeSql: async (text, values = []) => {
        resolve({ text, values });
        return { rows: [] };
      },
    };
    // One job, so no version of insert() can skip the statement for an empty list; its value is replaced anyway.
    producer.insert([{ name: "capture", data: {} }], { db: recorder }).catch(reject);
  });
  return insertStatement;
}

/**
 * pg-boss's INSERT of ONE job on queue `name` for all the rows of `rows` (a CTE of the same
 * statement with an `id` column), their ids as the job's data (`{ ids: [...] }`), and none when it
 * has no rows: a data-modifying statement to place in a WITH, so the job is written by the very
 * statement that writes its rows, and only for the rows it wrote. One job per statement, not per
 * row: a job row is pg-boss's widest insert, and one per e-mail was a quarter of a batch of
 * transfers' database time (decision 0039). The statement is pg-boss's own (`insert()`, public),
 * with its jobs value replaced by an expression over `rows`; tests/transfers.test.ts (every e-mail
 * named by exactly one job, none on a replay) pins that this still holds after a pg-boss upgrade.
 */
export async function jobForRows(name: JobName, rows: string): Promise<SQL> {
  const { text, values } = await capturedInsert();
  const jobs = sql.raw(
    `(select json_agg(json_build_object('name', '${name}', 'data', json_build_object('ids', x.ids))) from (select json_agg(r.id) as ids from ${rows} r having count(*) > 0) x)`,
  );
  return bossStatement(text, values, { 1: jobs });
}
