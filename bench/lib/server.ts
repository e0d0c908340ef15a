import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { OPERATOR_ENV } from "../../tests/helpers/operator-env.js";

/** Runs `npm run build` in `cwd`, streaming its output; throws when it fails. */
export function buildApp(cwd: string): void {
  const result = spawnSync("npm", ["run", "build"], { cwd, stdio: "inherit" });
  if (result.error) throw new Error(`npm run build could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/** A TCP port that was free on the loopback interface a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** A random string of `length` URL-safe characters. */
export function randomSecret(length: number): string {
  return randomBytes(length).toString("base64url").slice(0, length);
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** The server process, for CPU sampling. */
  pid: number;
  dataDir: string;
  /** The snapshot of the build the server runs from. */
  appDir: string;
  /** The last lines the server printed (pino JSON at LOG_LEVEL=warn), for error messages. */
  recentOutput(): string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data directory. Safe to call twice. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * What the built server reads from the package root at run time (see server/paths.ts: it takes the
 * first directory above dist/server/main.js holding a package.json as the root).
 */
const SNAPSHOT_ENTRIES = ["package.json", "dist", "content", "server"];

/**
 * Copies the build (and what it reads at run time) to `dest`, with node_modules linked, so that a
 * rebuild of dist/ by someone else while the benchmark runs cannot swap or delete the assets that
 * the server's pages name. Throws when the copy is not a complete build.
 */
export function snapshotBuild(root: string, dest: string): void {
  mkdirSync(dest, { recursive: true });
  for (const entry of SNAPSHOT_ENTRIES) {
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(dest, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");

  const required = ["dist/server/main.js", "dist/ssr/entry-server.js", "dist/client/index.html"];
  const missing = required.filter((file) => !existsSync(path.join(dest, file)));
  const html = existsSync(path.join(dest, "dist/client/index.html"))
    ? readFileSync(path.join(dest, "dist/client/index.html"), "utf8")
    : "";
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"?#]+)"/g)) {
    if (!existsSync(path.join(dest, "dist/client", match[1]!))) missing.push(`dist/client/${match[1]}`);
  }
  if (missing.length) {
    throw new Error(`the build is incomplete (was dist/ being rebuilt at the same time?): missing ${missing.join(", ")}`);
  }
}

export interface StartOptions {
  /** PostgreSQL to serve from (a database the caller created); the embedded database when absent. */
  databaseUrl?: string;
  /** Flags for node before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /**
   * Publish the operator's pages in the snapshot (the shipped examples lose their `example: true`),
   * as an operator does before launch: in production, investing waits for them.
   */
  publishPages?: boolean;
  /**
   * The server's log level (LOG_LEVEL=warn when absent). At `info`, production's default, the
   * server logs a line per request; they go to `data/server.log` instead of this process.
   */
  logLevel?: string;
}

/**
 * Starts the built server (`node dist/server/main.js`, from a snapshot of the build) in production
 * mode on a free port and a fresh temporary data directory, and waits until `GET /readyz` answers
 * 200. The snapshot and the data directory live in one temporary directory that stop() removes.
 */
export async function startServer(root: string, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const tempDir = mkdtempSync(path.join(tmpdir(), "termvest-bench-"));
  const appDir = path.join(tempDir, "app");
  const dataDir = path.join(tempDir, "data");
  const entry = path.join(appDir, "dist/server/main.js");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    // Production listens on 0.0.0.0 by default; a benchmark only needs the loopback interface.
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    AUTH_SECRET: randomSecret(48),
    PUBLIC_URL: baseUrl,
    BITCOIN_ADDRESS: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    ...OPERATOR_ENV,
    LOG_LEVEL: options.logLevel ?? "warn",
    RATE_LIMIT: "off",
    // The caller's database, else the embedded one in DATA_DIR; always the outbox, whatever this shell has set.
    DATABASE_URL: options.databaseUrl ?? "",
    SMTP_URL: "",
  };

  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };

  let child: ChildProcess | undefined;
  let exited = false;
  let stopped = false;
  const removeDataDir = () => rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
  // Last resort if this process ends without calling stop() (uncaught error, process.exit).
  const onExit = () => {
    if (child && !exited) child.kill("SIGKILL");
    removeDataDir();
  };
  process.once("exit", onExit);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", onExit);
    if (child && !exited) {
      const proc = child;
      const gone = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
    }
    removeDataDir();
  };

  try {
    snapshotBuild(root, appDir);
    if (options.publishPages) publishOperatorPages(path.join(appDir, "content"));
    const logToFile = options.logLevel !== undefined && options.logLevel !== "warn";
    mkdirSync(dataDir, { recursive: true });
    const stdout = logToFile ? openSync(path.join(dataDir, "server.log"), "a") : "pipe";
    child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], { cwd: appDir, env, stdio: ["ignore", stdout, "pipe"] });
    if (typeof stdout === "number") closeSync(stdout);
    child.stdout?.on("data", remember);
    child.stderr?.on("data", remember);
    const exitedEarly = new Promise<never>((_, reject) => {
      child?.once("exit", (code, signal) => {
        exited = true;
        reject(new Error(`the server exited before it was ready (${signal ?? `exit ${code}`})`));
      });
      child?.once("error", (error) => {
        exited = true;
        reject(new Error(`the server could not start: ${error.message}`));
      });
    });
    exitedEarly.catch(() => {});
    await Promise.race([waitForReady(`${baseUrl}/readyz`), exitedEarly]);
  } catch (error) {
    const tail = output.slice(-30).join("\n");
    await stop();
    throw new Error(`${(error as Error).message}${tail ? `\nLast server output:\n${tail}` : ""}`, { cause: error });
  }

  return { baseUrl, port, pid: child!.pid!, dataDir, appDir, recentOutput: () => output.slice(-30).join("\n"), stop };
}

/** Every shipped example page under `contentDir`, published as the operator's own (its frontmatter without `example: true`). */
function publishOperatorPages(contentDir: string): void {
  for (const entry of readdirSync(contentDir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(contentDir, entry);
    if (!file.endsWith(".md")) continue;
    const text = readFileSync(file, "utf8");
    if (/^---\n[\s\S]*?^example: true\n/m.test(text)) writeFileSync(file, text.replace(/^example: true\n/m, ""));
  }
}

async function waitForReady(url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${url} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
}

/**
 * The yardstick (bench/lib/hello-server.ts) as its own process on `port`, like the real server, so
 * both pay the same Node.js HTTP costs and share the cores with the load generator the same way.
 */
export function startHello(port: number): Promise<ChildProcess> {
  const args = [path.join(import.meta.dirname, "hello-server.ts"), String(port)];
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: path.resolve(import.meta.dirname, "../.."), stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`hello server exited (${code})`)));
    child.stdout?.once("data", () => resolve(child));
  });
}
