import { sendControl, type ControlReply, handleControl } from "../control.js";
import { acquireDataDirLock, DataDirInUseError, ensureDataDir, readLockOwner } from "../data-dir.js";
import { openDatabase } from "../db/client.js";
import { ConfigError, loadConfig } from "../env.js";
import { AppError } from "../errors.js";

const USAGE = "Usage: npm run admin -- grant <email>";

/**
 * Operator commands. On PostgreSQL they open the database directly. On the embedded database
 * they go through the running server when there is one (PGlite allows one process), else open it.
 */
async function run(command: string, body: unknown): Promise<ControlReply> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    ensureDataDir(config.dataDir);
    if (readLockOwner(config.dataDir)) return sendControl(config.dataDir, command, body);
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await handleControl(database.db, command, body);
  } finally {
    await database.close();
    release();
  }
}

async function main() {
  const [verb, email, ...rest] = process.argv.slice(2);
  if (verb !== "grant" || !email || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const reply = await run("grant-admin", { email });
  (reply.ok ? console.log : console.error)(reply.message);
  process.exit(reply.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof AppError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
