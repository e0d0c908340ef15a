import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";
import { HttpClient } from "./helpers/http-client.js";
import { markEmailVerified, markIdentityVerified } from "./helpers/people.js";
import { freePort, signIn, signUp, uniqueEmail } from "./helpers/test-server.js";
import { creditMainBalance } from "./helpers/ledger.js";
import { builtEntry } from "./helpers/server-build.js";

/**
 * The real server process, on PostgreSQL, with its database connections killed under it in the
 * middle of a burst of transfers: requests in flight may fail, the process must not.
 */
describe.runIf(testDatabaseUrl)("a database connection killed during a burst", { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let url: string;
  let dataDir: string;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    url = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-late-errors-"));
    server = spawn(process.execPath, [builtEntry("main")], {
      env: { ...process.env, NODE_ENV: "test", PORT: String(port), PUBLIC_URL: url, DATABASE_URL: database.url, DATA_DIR: dataDir, RATE_LIMIT: "off", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => output.push(String(chunk)));
    server.stderr?.on("data", (chunk) => output.push(String(chunk)));
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
      if (up) break;
      if (tries > 300 || server.exitCode !== null) throw new Error(`server did not start:\n${output.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    server?.kill("SIGKILL");
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves the server answering, and every transfer either whole or absent", async () => {
    const db = database.handle.db;
    const person = async () => {
      const email = uniqueEmail();
      await signUp(new HttpClient(url), { email });
      await markEmailVerified(db, email);
      const client = new HttpClient(url);
      await signIn(client, email);
      const { user } = await (await client.get("/api/session")).json();
      await markIdentityVerified(db, user.id);
      return { client, email, id: user.id as string };
    };
    const sender = await person();
    const recipient = await person();
    const funds = 1_000_000n;
    await creditMainBalance(db, sender.id, funds);

    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    const killAppConnections = () =>
      killer.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");

    const statuses: number[] = [];
    const transfer = (index: number) =>
      sender.client
        .request("/api/transfers", { body: { toEmail: recipient.email, amountCents: 100 }, headers: { "Idempotency-Key": `burst-transfer-${index}` } })
        .then((response) => statuses.push(response.status), () => statuses.push(0));
    // Kill every other wave until a kill has landed on transfers in flight (a 500), at least five times over.
    for (let wave = 0; wave < 10 || (!statuses.includes(500) && wave < 40); wave++) {
      const burst = Array.from({ length: 20 }, (_, index) => transfer(wave * 20 + index));
      if (wave % 2 === 1) await killAppConnections();
      await Promise.all(burst);
    }
    await killer.end();

    expect(server.exitCode).toBeNull();
    // Every request was answered (a refused connection would be 0), some with 500: the kills landed.
    expect(statuses.filter((status) => status === 0)).toHaveLength(0);
    expect(statuses.some((status) => status === 500)).toBe(true);
    expect(statuses.every((status) => status === 201 || status === 500)).toBe(true);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // The pool has new connections; money moves again.
    expect((await sender.client.request("/api/transfers", { body: { toEmail: recipient.email, amountCents: 100 }, headers: { "Idempotency-Key": "after-the-burst" } })).status).toBe(201);

    const moved = (statuses.filter((status) => status === 201).length + 1) * 100;
    const rows = (await db.execute(
      sql`select kind, balance_cents::text as balance from ledger_account where user_id in (${sender.id}, ${recipient.id}) and kind = 'available' order by user_id = ${sender.id}`,
    )) as unknown as { rows: Array<{ balance: string }> };
    const [received, left] = rows.rows.map((row) => BigInt(row.balance));
    expect(received).toBe(BigInt(moved));
    expect(left).toBe(funds - BigInt(moved));
    expect(await verifyLedger(db)).toEqual([]);
    expect(output.join("")).not.toMatch(/uncaught exception/);
  });
});
