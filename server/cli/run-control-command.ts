import { sendControl, type ControlReply, handleControl } from "../control.js";
import { acquireDataDirLock, DataDirInUseError, ensureDataDir, readLockOwner } from "../data-dir.js";
import { openDatabase } from "../db/client.js";
import { ConfigError, loadConfig } from "../env.js";
import { AppError } from "../errors.js";
import { migrate } from "../migrate.js";

/**
 * Operator commands. On PostgreSQL they open the database directly. On the embedded database
 * they go through the running server when there is one (PGlite allows one process), else open it.
 */
export async function runControlCommand(command: string, body: unknown): Promise<ControlReply> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    ensureDataDir(config.dataDir);
    if (readLockOwner(config.dataDir)) return sendControl(config.dataDir, command, body);
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await migrate(database);
    return await handleControl(database.db, command, body);
  } finally {
    await database.close();
    release();
  }
}

/** A CLI's last word on an error: known ones as their message, anything else in full; exit 1. */
runControlCommand.fail = (error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof AppError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
};
