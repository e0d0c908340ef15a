import PgBoss from "pg-boss";
import type { DbExecutor } from "#server/db/client.js";
import { bossDbIn } from "./boss-db.js";
import type { JobName } from "./queues.js";
import { QUEUE_SCHEMA } from "./queues.js";

// pg-boss builds its statements from its configuration alone; this instance never opens a
// connection: every call below passes the caller's transaction as its database (pg-boss's `db`
// option of send()).
const producer = new PgBoss({
  schema: QUEUE_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error("jobs are enqueued only through a caller's transaction")),
  },
});

/**
 * Enqueues one job in the caller's transaction (pg-boss's `send` with its `db` option): it exists
 * only if that transaction commits (decision 0030). `startAfterSeconds` delays it. The one way the
 * app enqueues work; a job that acts on several rows names them all in its data.
 */
export async function enqueueJob(tx: DbExecutor, name: JobName, data: object, options: { startAfterSeconds?: number } = {}): Promise<void> {
  // As a moment, not a number of seconds: pg-boss's statement names that value three times, and
  // through Drizzle each is its own parameter, which PostgreSQL types apart (a timestamp, a text).
  const startAfter = options.startAfterSeconds ? new Date(Date.now() + options.startAfterSeconds * 1000) : undefined;
  // On a stately queue that already holds a waiting job this inserts nothing: that run does the work.
  await producer.send(name, data, { db: bossDbIn(tx), ...(startAfter ? { startAfter } : {}) });
}
