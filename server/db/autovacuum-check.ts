import type { Logger } from "../logger.js";
import type { DatabaseHandle } from "./client.js";

/**
 * Warns at start when PostgreSQL runs without autovacuum. Nothing then refreshes the planner's
 * statistics or clears dead rows: a table's statistics stay as they were when it was small, and a
 * query that reads one user's rows by an index starts reading the whole table instead. Measured on
 * the API benchmark: the notifications list fell from 967 to 82 requests a second after 50,000
 * transfers. The embedded database is vacuumed by its own process; only PostgreSQL is asked.
 */
export async function warnWithoutAutovacuum(database: Pick<DatabaseHandle, "kind" | "executeSql">, logger: Pick<Logger, "warn">): Promise<boolean> {
  if (database.kind !== "postgres") return false;
  const { rows } = await database.executeSql("select current_setting('autovacuum') as autovacuum");
  if (rows[0]?.autovacuum !== "off") return false;
  logger.warn(
    { autovacuum: "off" },
    "PostgreSQL has autovacuum off: statistics go stale and dead rows pile up, so queries slow down as tables grow. Turn it on, or run VACUUM ANALYZE on a schedule (README, production checklist).",
  );
  return true;
}
