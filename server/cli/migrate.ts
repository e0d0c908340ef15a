import { acquireDataDirLock, DataDirInUseError, ensureDataDir, readLockOwner } from "../data-dir.js";
import { openDatabase } from "../db/client.js";
import { ConfigError, loadConfig } from "../env.js";
import { seedPlans } from "../services/plans/seed-plans.js";
import { migrate } from "../migrate.js";

/** `npm run db:migrate`: applies pending migrations and seeds the launch plans. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    ensureDataDir(config.dataDir);
    const owner = readLockOwner(config.dataDir);
    if (owner) {
      console.log(`Termvest is running on ${config.dataDir} (pid ${owner.pid}); it applied every migration when it started.`);
      return;
    }
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await migrate(database);
    await seedPlans(database.db);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
