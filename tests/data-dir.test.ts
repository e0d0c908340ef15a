import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, ensureDataDir, lockFile } from "#server/data-dir.js";
import { loadConfig } from "#server/env.js";
import { createLogger } from "#server/logger.js";
import { startServer } from "#server/server.js";
import { createTestDatabase, testDatabaseUrl } from "./helpers/database.js";
import { HttpClient } from "./helpers/http-client.js";
import { enrolTwoFactor } from "./helpers/people.js";
import { freePort, signIn, signUp, uniqueEmail } from "./helpers/test-server.js";
import { builtEntry } from "./helpers/server-build.js";

const NO_TWO_FACTOR =
  "They must turn on two-factor authentication in Settings before the back office opens: until then every admin request answers TWO_FACTOR_REQUIRED.";

const run = promisify(execFile);
const silent = createLogger("silent");

/** Runs an operator command from the build, the way `npm run admin` runs it. */
async function cli(script: "admin" | "migrate", args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtEntry(`cli/${script}`), ...args], {
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function embeddedConfig(dataDir: string) {
  const port = await freePort();
  return loadConfig({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, RATE_LIMIT: "off" });
}

describe("ensureDataDir", () => {
  it("makes the data directory 0700, whether it creates it or it already existed", () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "termvest-mode-"));
    try {
      const fresh = path.join(parent, "fresh", "data");
      ensureDataDir(fresh);
      expect(statSync(fresh).mode & 0o777).toBe(0o700);

      const existing = path.join(parent, "existing");
      mkdirSync(existing);
      chmodSync(existing, 0o755);
      ensureDataDir(existing);
      expect(statSync(existing).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

// Creating an on-disk PGlite cluster (initdb) takes seconds, far more on a busy machine.
describe("embedded data directory", { timeout: 120_000 }, () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-datadir-"));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps a generated auth secret readable by its owner only", async () => {
    const server = await startServer(await embeddedConfig(dataDir), silent, { serveWeb: false });
    await server.close();
    expect(statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("refuses a second server on a directory in use, and operator commands go through the running one", async () => {
    const config = await embeddedConfig(dataDir);
    const server = await startServer(config, silent, { serveWeb: false });
    try {
      await expect(startServer(await embeddedConfig(dataDir), silent, { serveWeb: false })).rejects.toThrow(DataDirInUseError);
      const migrate = await cli("migrate", [], { DATA_DIR: dataDir });
      expect(migrate).toMatchObject({ code: 0, output: expect.stringMatching(/is running/) });

      const email = uniqueEmail("operator");
      const client = new HttpClient(server.url);
      await signUp(client, { email });
      const granted = await cli("admin", ["grant", email], { DATA_DIR: dataDir });
      expect(granted).toEqual({ code: 0, output: `${email} is now an admin and must sign in again. ${NO_TWO_FACTOR}\n` });

      await signIn(client, email);
      expect((await client.get("/api/admin/users")).status).toBe(403);
      await enrolTwoFactor(client);
      expect((await client.get("/api/admin/users")).status).toBe(200);

      const unknown = await cli("admin", ["grant", "nobody@example.com"], { DATA_DIR: dataDir });
      expect(unknown).toEqual({ code: 1, output: "No account with the e-mail nobody@example.com.\n" });
    } finally {
      await server.close();
    }
  });

  it("opens the directory itself when no server is running, and data survives restarts", async () => {
    const server = await startServer(await embeddedConfig(dataDir), silent, { serveWeb: false });
    const email = uniqueEmail("offline");
    await signUp(new HttpClient(server.url), { email });
    await server.close();

    expect(await cli("admin", ["grant", email], { DATA_DIR: dataDir })).toEqual({ code: 0, output: `${email} is now an admin and must sign in again. ${NO_TWO_FACTOR}\n` });
    expect(await cli("admin", ["grant", email], { DATA_DIR: dataDir })).toEqual({ code: 0, output: `${email} is already an admin. ${NO_TWO_FACTOR}\n` });
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    writeFileSync(lockFile(dataDir), JSON.stringify({ pid: 2 ** 22 + 7, startedAt: new Date().toISOString() }));
    const server = await startServer(await embeddedConfig(dataDir), silent, { serveWeb: false });
    try {
      // The lock now names this process and the server it runs, and that server answers.
      expect(JSON.parse(readFileSync(lockFile(dataDir), "utf8"))).toMatchObject({ pid: process.pid, url: server.url });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("explains its usage", async () => {
    expect(await cli("admin", ["promote"], { DATA_DIR: dataDir })).toEqual({ code: 2, output: "Usage: npm run admin -- grant <email>\n" });
    expect((await cli("admin", ["grant", "not-an-email"], { DATA_DIR: dataDir })).output).toMatch(/not a valid e-mail/);
  });
});

describe.runIf(testDatabaseUrl)("operator commands on PostgreSQL", { timeout: 60_000 }, () => {
  it("grant an existing account admin", async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-pg-"));
    try {
      const port = await freePort();
      const config = loadConfig({ NODE_ENV: "test", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, RATE_LIMIT: "off" });
      const server = await startServer(config, silent, { serveWeb: false });
      const email = uniqueEmail("pg-operator");
      await signUp(new HttpClient(server.url), { email });
      const result = await cli("admin", ["grant", email], { DATA_DIR: dataDir, DATABASE_URL: database.url ?? "" });
      await server.close();
      expect(result).toEqual({ code: 0, output: `${email} is now an admin and must sign in again. ${NO_TWO_FACTOR}\n` });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.dispose();
    }
  });
});
