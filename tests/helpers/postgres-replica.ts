import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePorts } from "./free-port.js";
import { postgresAnswers } from "./postgres-server.js";
import { giveToServiceUser, serviceUser } from "./service-user.js";

/** PostgreSQL's server programs: PG_BINDIR, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBinDir(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((version) => existsSync(path.join(root, version, "bin", "initdb")));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, "bin") : undefined;
}

export const POSTGRES_BIN_DIR = postgresBinDir();

/**
 * Set to 1 to leave out the test that starts its own primary and streaming replica on a machine
 * without PostgreSQL's server programs. Ignored in CI, which installs PostgreSQL (.ci/run).
 */
export const REPLICA_OPT_OUT = "TERMVEST_SKIP_REPLICA";
export const skipReplica = !POSTGRES_BIN_DIR && process.env[REPLICA_OPT_OUT] === "1" && !process.env.CI;

/** For a beforeAll: without initdb and friends, the test fails with this, saying how to get them. */
export function requirePostgresPrograms(): void {
  if (!POSTGRES_BIN_DIR) {
    throw new Error(`This test starts its own PostgreSQL primary and standby, and no initdb was found under /usr/lib/postgresql/*/bin: install PostgreSQL (sudo apt-get install -y postgresql), set PG_BINDIR, or set ${REPLICA_OPT_OUT}=1 to skip it.`);
  }
}

export interface PostgresInstance {
  port: number;
  /** postgres:// URL of `database` on this instance, as the postgres superuser (trust on 127.0.0.1). */
  url(database: string): string;
  /** What the server wrote to its log (stderr) so far. */
  log(): string;
}

export interface PrimaryAndStandby {
  primary: PostgresInstance;
  /** A hot standby made by pg_basebackup -R, streaming from the primary, logging every statement it runs. */
  standby: PostgresInstance;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops both servers and removes their directories. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary and a streaming replica of it, each in its own directory under one
 * temporary folder and on its own port, as the postgres account when the tests run as root
 * (PostgreSQL refuses root). Both are killed if the test process ends without stopping them.
 */
export async function startPrimaryAndStandby(): Promise<PrimaryAndStandby> {
  requirePostgresPrograms();
  const bin = (program: string) => path.join(POSTGRES_BIN_DIR!, program);
  const owner = serviceUser();
  const root = mkdtempSync(path.join(os.tmpdir(), "termvest-replica-"));
  giveToServiceUser(owner, root);
  const run = (program: string, args: string[]) => execFileSync(bin(program), args, { stdio: "pipe", ...(owner ?? {}) });
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", killAll);

  const stop = async () => {
    process.off("exit", killAll);
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, "exit");
        child.kill("SIGINT"); // fast shutdown
        await exited;
      }),
    );
    rmSync(root, { recursive: true, force: true });
  };

  const start = async (name: string, port: number, settings: string[]): Promise<PostgresInstance> => {
    const dataDir = path.join(root, name);
    const options = ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${root}`, "-c", "fsync=off", ...settings.flatMap((setting) => ["-c", setting])];
    const child = spawn(bin("postgres"), ["-D", dataDir, "-p", String(port), ...options], { stdio: ["ignore", "ignore", "pipe"], ...(owner ?? {}) });
    children.push(child);
    let log = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
    const instance: PostgresInstance = { port, url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`, log: () => log };
    for (let attempt = 0; attempt < 200 && child.exitCode === null; attempt++) {
      if (await postgresAnswers(instance.url("postgres"))) return instance;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`PostgreSQL (${name}) did not start on ${port}: ${log}`);
  };

  try {
    const [primaryPort, standbyPort] = (await freePorts(2)) as [number, number];
    run("initdb", ["-D", path.join(root, "primary"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    // initdb's defaults already stream: wal_level replica, max_wal_senders 10, replication from 127.0.0.1 trusted.
    const primary = await start("primary", primaryPort, []);
    run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", path.join(root, "standby"), "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"]);
    const standby = await start("standby", standbyPort, ["log_statement=all"]);
    const caughtUp = async () => {
      const written = await scalar(primary.url("postgres"), "select pg_current_wal_lsn()::text");
      for (let attempt = 0; attempt < 200; attempt++) {
        if ((await scalar(standby.url("postgres"), "select pg_last_wal_replay_lsn() >= $1::pg_lsn", [written])) === true) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the standby did not replay up to ${written} within 10 s`);
    };
    return { primary, standby, caughtUp, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The first column of the first row of `text` on the database at `url`. */
export async function scalar(url: string, text: string, values: unknown[] = []): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query({ text, values, rowMode: "array" });
    return (rows[0] as unknown[] | undefined)?.[0];
  } finally {
    await client.end();
  }
}
