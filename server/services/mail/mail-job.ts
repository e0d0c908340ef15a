import { sql, type SQL } from "drizzle-orm";

/**
 * A `send-mail` job names the messages it sends (`{ ids }`: the copies one transaction queued, a
 * retry, an operator's resend). Jobs queued before that shape named one (`{ id }`) and are still read.
 */
export function mailIdsOf(data: Record<string, unknown>): string[] {
  if (typeof data.id === "string") return [data.id];
  return Array.isArray(data.ids) ? data.ids.filter((id): id is string => typeof id === "string") : [];
}

/** SQL: whether the job row `job` (pgboss.job) names the message whose id is `mailId`. */
export const jobNamesMail = (job: SQL, mailId: SQL): SQL =>
  sql`(${job}.data->>'id' = ${mailId}::text or ${job}.data->'ids' @> jsonb_build_array(${mailId}::text))`;
