import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { jobNamesMail } from "./mail-job.js";

/**
 * Makes due now every message leased by a process that died mid-send, instead of after the
 * five-minute lease. Only for the embedded database at start: its data-directory lock lets one
 * process in, so no lease can belong to a live one. (On PostgreSQL another server may hold it.)
 * A message waiting for its next try has a queued job (created or retry) and keeps its time.
 */
export async function releaseMailLeases(db: DbExecutor, now: Date): Promise<number> {
  const released = (await db.execute(sql`update outgoing_mail m set next_attempt_at = ${now.toISOString()}::timestamptz
    where m.status = 'pending' and m.next_attempt_at > ${now.toISOString()}::timestamptz
      and not exists (select 1 from pgboss.job j where j.name = 'send-mail' and ${jobNamesMail(sql`j`, sql`m.id`)} and j.state in ('created', 'retry'))
    returning m.id`)) as unknown as { rows: unknown[] };
  return released.rows.length;
}
