import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { JOBS, type JobName } from "./queues.js";

export interface JobStats {
  queued: number;
  active: number;
  /** Failed for good: retries used up (pg-boss's "failed" state). */
  failed: number;
  completed: number;
  /** Age of the oldest job ready to run now, in seconds; 0 when none waits. */
  lagSeconds: number;
}

/** Per queue, its jobs by state and its lag, read from pg-boss's table (for /metrics). */
export async function readJobStats(db: DbExecutor): Promise<Record<JobName, JobStats>> {
  const result = (await db.execute(sql`select name,
      count(*) filter (where state in ('created', 'retry')) as queued,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed,
      count(*) filter (where state = 'completed') as completed,
      coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0) as lag
    from pgboss.job group by name`)) as unknown as {
    rows: Array<{ name: string; queued: string; active: string; failed: string; completed: string; lag: string | number }>;
  };
  const stats = Object.fromEntries(
    Object.values(JOBS).map((name) => [name, { queued: 0, active: 0, failed: 0, completed: 0, lagSeconds: 0 }]),
  ) as Record<JobName, JobStats>;
  for (const row of result.rows) {
    if (!(row.name in stats)) continue;
    stats[row.name as JobName] = {
      queued: Number(row.queued),
      active: Number(row.active),
      failed: Number(row.failed),
      completed: Number(row.completed),
      lagSeconds: Math.max(0, Number(row.lag)),
    };
  }
  return stats;
}
