import { sql, type SQL } from "drizzle-orm";

/**
 * A `send-mail` job names the messages it sends: one (`{ id }`, a retry, an operator's resend, a
 * settlement's copy) or several (`{ ids }`, every copy a statement wrote: server/jobs/enqueue.ts).
 */
export function mailIdsOf(data: Record<string, unknown>): string[] {
  if (typeof data.id === "string") return [data.id];
  return Array.isArray(data.ids) ? data.ids.filter((id): id is string => typeof id === "string") : [];
}

/** SQL: whether the job row `job` (pgboss.job) names the message whose id is `mailId`. */
export const jobNamesMail = (job: SQL, mailId: SQL): SQL =>
  sql`(${job}.data->>'id' = ${mailId} or ${job}.data->'ids' @> jsonb_build_array(${mailId}))`;
