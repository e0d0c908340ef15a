import { readFileSync } from "node:fs";
import path from "node:path";
import { restoreBackup, BackupRefusedError, takeBackup, writeBackupFile } from "../backup.js";
import { DataDirInUseError } from "../data-dir.js";
import { ConfigError, loadConfig } from "../env.js";

const USAGE = "Usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]";

/** `backup FILE` and `restore FILE [--force]` for the embedded database (server/backup.ts). */
async function main() {
  const [verb, file, ...flags] = process.argv.slice(2);
  const force = flags.length === 1 && flags[0] === "--force";
  if (!file || !(verb === "backup" || verb === "restore") || (flags.length && !force) || (verb === "backup" && force)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc and restore it with pg_restore (README, \"Backups\").");
    process.exit(2);
  }
  const target = path.resolve(file);
  if (verb === "backup") {
    const tarball = await takeBackup(config.dataDir);
    writeBackupFile(target, tarball);
    console.log(`Backed up ${config.dataDir} to ${target} (${tarball.byteLength} bytes).`);
  } else {
    await restoreBackup(config.dataDir, readFileSync(target), { force });
    console.log(`Restored ${target} into ${config.dataDir}. Start the server with the same AUTH_SECRET (or DATA_DIR/auth-secret) as the backed-up one.`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof BackupRefusedError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
