import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The directory holds the database, the auth secret, the outbox and the control socket: only its
 * owner may enter it. mkdir's mode applies only to a directory it creates, so an existing one
 * (made by hand, or by an older version) is tightened too.
 */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o777) !== 0o700) chmodSync(dataDir, 0o700);
}

/** The auth secret for installs that do not set AUTH_SECRET: made once, readable by the owner only. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readFileSync(file, "utf8").trim();
}

/**
 * The KYC key for installs that do not set KYC_ENCRYPTION_KEY (never production): 32 random bytes
 * as hex, made once, readable by the owner only. Servers sharing a PostgreSQL database must share
 * it (set KYC_ENCRYPTION_KEY), or one cannot read what another stored.
 */
export function loadOrCreateKycKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "kyc-key");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes as 64 hex characters`);
  return key;
}

export interface LockOwner {
  pid: number;
  url?: string;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Termvest process (pid ${owner.pid}${owner.url ? `, serving ${owner.url}` : ""}). ` +
        "The embedded database allows one process at a time: stop that process first, or set DATA_DIR to another directory.",
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFile(dataDir: string): string {
  return path.join(dataDir, "termvest.lock");
}

/**
 * The live process holding the directory, if any (this process included: PGlite must not be
 * opened twice even in one process); stale locks from crashed processes do not count.
 */
export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile(dataDir), "utf8")) as LockOwner;
    return isAlive(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite corrupts a directory opened by two processes, so every process that opens it takes
 * this lock first. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string, url?: string): () => void {
  const file = lockFile(dataDir);
  const owner: LockOwner = { pid: process.pid, url, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: "wx", mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const current = readLockOwner(dataDir);
      if (current) throw new DataDirInUseError(dataDir, current);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

export function updateLockUrl(dataDir: string, url: string): void {
  const file = lockFile(dataDir);
  const owner = JSON.parse(readFileSync(file, "utf8")) as LockOwner;
  writeFileSync(file, JSON.stringify({ ...owner, url }), { mode: 0o600 });
}
