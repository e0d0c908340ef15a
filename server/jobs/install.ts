import PgBoss from "pg-boss";
import type { BossDb } from "./boss-db.js";
import { JOBS, QUEUE_OPTIONS, QUEUE_SCHEMA } from "./queues.js";

/**
 * Creates pg-boss's schema and our queues when missing. It runs inside `migrate()` (server/migrate.ts), so a migrated
 * database can take jobs in any transaction before a server (or only a test) starts the workers;
 * pg-boss's own later schema upgrades run when a server starts it (`migrate: true`).
 */
export async function installJobQueue(db: BossDb): Promise<void> {
  const boss = new PgBoss({ db, schema: QUEUE_SCHEMA });
  if (!(await boss.isInstalled())) await db.executeSql(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
  for (const name of Object.values(JOBS)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
  }
}
