import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite, pgliteDirectory, type Database } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { createTestDatabase, seedDataDir, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";
import { HttpClient } from "./helpers/http-client.js";
import { freePort, signUp, uniqueEmail } from "./helpers/test-server.js";
import { builtEntry } from "./helpers/server-build.js";

/**
 * The real server process (server/main.ts) on a database that outlives it: its own PostgreSQL
 * database when TEST_DATABASE_URL is set, else PGlite in a data directory. Mail that a committed
 * request queued must arrive exactly once whatever happens to the process: kill -9 right after
 * the commit with the mail server down, or SIGTERM while a message is being accepted.
 */
let database: TestDatabase | undefined;
let dataDir = "";
const children: ChildProcess[] = [];
const smtpServers: SMTPServer[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const smtp of smtpServers.splice(0)) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database?.dispose();
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Received {
  to: string;
  subject: string;
}

/** A real SMTP server that records each accepted message; `acceptAfterMs` holds the reply to DATA that long. */
async function smtpServer(port: number, acceptAfterMs = 0, onData?: () => void): Promise<Received[]> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      onData?.();
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        setTimeout(() => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
          received.push(...session.envelope.rcptTo.map((rcpt) => ({ to: rcpt.address, subject })));
          callback();
        }, acceptAfterMs);
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  smtpServers.push(server);
  return received;
}

async function prepareDatabase() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-crash-"));
  if (testDatabaseUrl) database = await createTestDatabase();
  else await seedDataDir(dataDir);
}

/** Starts server/main.ts on the shared database and data directory; resolves once it answers. */
async function startServer(port: number, smtpPort: number): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const url = `http://localhost:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [builtEntry("main")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: database?.url ?? "",
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DEV_MAIL: "",
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (up) break;
    if (tries > 600 || child.exitCode !== null) throw new Error(`server did not start:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output };
}

async function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  return { code, signal };
}

/** Work on the database while no server holds it (PGlite allows one process). */
async function onDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  if (database) return work(database.handle.db);
  const handle = await openPglite(pgliteDirectory(dataDir));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The stored messages to one address. */
const storedMail = (to: string) => onDatabase((db) => db.select().from(outgoingMail).where(eq(outgoingMail.to, to)));

const to = (received: Received[], email: string) => received.filter((mail) => mail.to === email);

describe(`the server process on ${testDatabaseUrl ? "PostgreSQL" : "PGlite in a data directory"}`, { timeout: 120_000 }, () => {
  it("killed with kill -9 right after a commit that queued mail, with the mail server down: each message arrives once after a restart", async () => {
    await prepareDatabase();
    const [port, smtpPort] = [await freePort(), await freePort()];
    // Nothing listens on smtpPort yet: the mail server is down.
    const first = await startServer(port, smtpPort);
    const email = uniqueEmail("crash");
    await signUp(new HttpClient(first.url), { email });
    const reset = await new HttpClient(first.url).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(reset.status).toBe(200);
    first.child.kill("SIGKILL");
    expect(await exited(first.child)).toEqual({ code: null, signal: "SIGKILL" });

    const queued = await storedMail(email);
    expect(queued.map((row) => row.status).sort()).toEqual(["pending", "pending"]);
    // As if the kill had fallen inside the send of one of them: claimed, and leased for five minutes.
    await onDatabase((db) =>
      db.update(outgoingMail).set({ attempts: sql`${outgoingMail.attempts} + 1`, nextAttemptAt: sql`now() + interval '5 minutes'` }).where(eq(outgoingMail.id, queued[0]!.id)),
    );

    const received = await smtpServer(smtpPort);
    // The same data directory: the lock the killed process left names a dead pid, so it is taken over.
    const second = await startServer(port, smtpPort);
    // A kill inside a send leaves that message leased for five minutes of business time (on
    // PostgreSQL, where another server could hold it; PGlite releases it at start), and a failed
    // try is due 30 s later. Six minutes pass on the test clock, whose sweep then sends both.
    const moved = await new HttpClient(second.url).post("/dev/clock", { days: 6 / 1440 });
    expect(moved.status, await moved.text()).toBe(200);
    await expect.poll(() => to(received, email).length, { timeout: 30_000, interval: 500 }).toBe(2);
    // Long enough for another poll of every worker and the sweep's start run: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(to(received, email).map((mail) => mail.subject).sort()).toHaveLength(2);
    expect(new Set(to(received, email).map((mail) => mail.subject)).size).toBe(2);
    children[1]!.kill("SIGTERM");
    await exited(children[1]!);
    expect((await storedMail(email)).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("stopped with SIGTERM while the mail server is accepting a message: the send finishes, is marked sent, and is not repeated after a restart", async () => {
    await prepareDatabase();
    const [port, smtpPort] = [await freePort(), await freePort()];
    let accepting = false;
    const received = await smtpServer(smtpPort, 2_000, () => (accepting = true));
    const server = await startServer(port, smtpPort);
    const email = uniqueEmail("term");
    await signUp(new HttpClient(server.url), { email });
    await expect.poll(() => accepting, { timeout: 30_000, interval: 50 }).toBe(true);
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    // Within the bounded wait (7 s for jobs, 10 s in all), not cut off by the force-exit timer.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(to(received, email)).toHaveLength(1);
    expect(await storedMail(email)).toMatchObject([{ status: "sent", attempts: 1 }]);

    const restarted = await startServer(port, smtpPort);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(to(received, email)).toHaveLength(1);
    restarted.child.kill("SIGTERM");
    await exited(restarted.child);
  });
});
