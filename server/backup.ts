import { closeSync, constants, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { fetchBackup } from "./control.js";
import { acquireDataDirLock, DataDirInUseError, ensureDataDir, readLockOwner } from "./data-dir.js";
import { openPglite, pgliteDirectory } from "./db/client.js";

/**
 * Backups of the embedded database (decision 0031). The copy is PGlite's own tarball of its data
 * directory, taken by the process that holds it: through the control socket when a server runs
 * (so the copy is consistent while requests keep coming), else by opening the directory here.
 */
export async function takeBackup(dataDir: string): Promise<Uint8Array> {
  ensureDataDir(dataDir);
  if (readLockOwner(dataDir)) return fetchBackup(dataDir);
  const release = acquireDataDirLock(dataDir);
  try {
    if (!hasDatabase(dataDir)) throw new BackupRefusedError(`There is no embedded database in ${dataDir} to back up.`);
    const database = await openPglite(pgliteDirectory(dataDir));
    try {
      return await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Written beside the target and renamed, so a failed backup never leaves a truncated file behind.
 * The copy holds every account's password hash, so it is readable by its owner only, and the
 * temporary file is always a new one: whatever stood at its name (a leftover, or a file or link
 * planted by another user to be written through) is removed first, and the file is then created
 * exclusively (O_EXCL, which also refuses to follow a link), so its mode is ours.
 */
export function writeBackupFile(file: string, tarball: Uint8Array): void {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const fd = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    for (let written = 0; written < tarball.length; ) written += writeSync(fd, tarball, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

function hasDatabase(dataDir: string): boolean {
  const directory = pgliteDirectory(dataDir);
  return existsSync(directory) && readdirSync(directory).length > 0;
}

/** A backup or restore refused for a reason the operator can fix (the message says how). */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

/**
 * Restores a backup into DATA_DIR: never while a process holds the directory, and over an
 * existing database only with `force` (that database is then deleted first).
 */
export async function restoreBackup(dataDir: string, tarball: Uint8Array, options: { force?: boolean } = {}): Promise<void> {
  ensureDataDir(dataDir);
  const owner = readLockOwner(dataDir);
  if (owner) throw new DataDirInUseError(dataDir, owner);
  const release = acquireDataDirLock(dataDir);
  try {
    const directory = pgliteDirectory(dataDir);
    if (hasDatabase(dataDir)) {
      if (!options.force) throw new BackupRefusedError(`${directory} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it.`);
      rmSync(directory, { recursive: true, force: true });
    }
    const restored = await PGlite.create(directory, { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    try {
      // Proves the copy opens as a database before the operator starts a server on it.
      await restored.query("select 1");
    } finally {
      await restored.close();
    }
  } finally {
    release();
  }
}
