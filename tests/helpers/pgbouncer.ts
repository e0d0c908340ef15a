import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";
import { postgresAnswers } from "./postgres-server.js";
import { giveToServiceUser, serviceUser } from "./service-user.js";

export const PGBOUNCER = "/usr/sbin/pgbouncer";
export const hasPgbouncer = existsSync(PGBOUNCER);

/**
 * Set to 1 to leave out the tests that run PgBouncer on a machine without it. Ignored in CI, where
 * scripts/ensure-test-tools.mjs installs it; without it and without this, those tests fail saying how to get it.
 */
export const PGBOUNCER_OPT_OUT = "TERMVEST_SKIP_PGBOUNCER";
export const skipPgbouncer = !hasPgbouncer && process.env[PGBOUNCER_OPT_OUT] === "1" && !process.env.CI;

/** For a beforeAll: without PgBouncer, every test of the block fails with this, saying how to get it. */
export function requirePgbouncer(): void {
  if (!hasPgbouncer) {
    throw new Error(`These tests run Debian's PgBouncer, and ${PGBOUNCER} is missing: install it (sudo apt-get install -y pgbouncer), or set ${PGBOUNCER_OPT_OUT}=1 to skip them.`);
  }
}

export interface PgbouncerSite {
  /** The PostgreSQL database PgBouncer's `termvest` entry leads to. */
  target: { host: string; port: number; dbname: string };
  port: number;
  /** The one user of auth_file, and its password (sent on to PostgreSQL, which may ignore it). */
  user: string;
  password: string;
  /** Where the instance keeps its configuration, user list, log and pid. */
  prefix: string;
}

/**
 * deploy/pgbouncer.ini as shipped with only its placeholders replaced (the database's address,
 * the port, the paths, no Unix socket), and a user list holding `user`. Returns the file's path.
 */
export function renderPgbouncer(site: PgbouncerSite): string {
  const shipped = readFileSync("deploy/pgbouncer.ini", "utf8");
  const { prefix, target } = site;
  const replacements: Array<[RegExp, string]> = [
    [/^termvest = host=127\.0\.0\.1 port=5432 dbname=termvest$/m, `termvest = host=${target.host} port=${target.port} dbname=${target.dbname}`],
    [/^listen_port = 6432$/m, `listen_port = ${site.port}`],
    [/^unix_socket_dir = .*$/m, "unix_socket_dir ="],
    [/^auth_file = \/etc\/pgbouncer\/userlist\.txt$/m, `auth_file = ${path.join(prefix, "userlist.txt")}`],
    [/^logfile = .*$/m, `logfile = ${path.join(prefix, "pgbouncer.log")}`],
    [/^pidfile = .*$/m, `pidfile = ${path.join(prefix, "pgbouncer.pid")}`],
  ];
  let rendered = shipped;
  for (const [placeholder, value] of replacements) {
    if (!placeholder.test(rendered)) throw new Error(`deploy/pgbouncer.ini no longer has the line the test replaces (${placeholder.source})`);
    rendered = rendered.replace(placeholder, value);
  }
  const file = path.join(prefix, "pgbouncer.ini");
  writeFileSync(file, rendered);
  writeFileSync(path.join(prefix, "userlist.txt"), `"${site.user}" "${site.password}"\n`);
  return file;
}

export interface RunningPgbouncer {
  /** postgres:// URL of the `termvest` database through PgBouncer. */
  url: string;
  port: number;
  /** PgBouncer's log so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * deploy/pgbouncer.ini as renderPgbouncer fills it in, in front of the database `serverUrl`
 * names (its host, port, user and password), run in the foreground in its own temporary prefix
 * (as the postgres account when the tests run as root); resolves once it answers a query.
 */
export async function startPgbouncer(serverUrl: string): Promise<RunningPgbouncer> {
  const server = new URL(serverUrl);
  const prefix = mkdtempSync(path.join(os.tmpdir(), "termvest-pgbouncer-"));
  const port = await freePort();
  const user = decodeURIComponent(server.username) || "postgres";
  // PgBouncer checks the client's password against the list, then logs in to PostgreSQL with it.
  const password = decodeURIComponent(server.password) || `pgbouncer-test-${port}`;
  const target = { host: server.hostname, port: Number(server.port || 5432), dbname: server.pathname.slice(1) };
  const file = renderPgbouncer({ prefix, target, port, user, password });
  const owner = serviceUser();
  giveToServiceUser(owner, prefix, file, path.join(prefix, "userlist.txt"));
  const child = spawn(PGBOUNCER, [file], { stdio: ["ignore", "ignore", "pipe"], ...(owner ?? {}) });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // Should the test process end without stopping it (a crash, a killed worker), PgBouncer goes too.
  const killOnExit = () => {
    child.kill("SIGKILL");
    rmSync(prefix, { recursive: true, force: true });
  };
  process.once("exit", killOnExit);
  const log = () => (existsSync(path.join(prefix, "pgbouncer.log")) ? readFileSync(path.join(prefix, "pgbouncer.log"), "utf8") : "");
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/termvest`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    if (await postgresAnswers(url)) return { url, port, log, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const output = `${stderr}${log()}`;
  await stop();
  throw new Error(`PgBouncer did not start answering on ${port}: ${output}`);
}
