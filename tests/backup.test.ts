import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBackup, BackupRefusedError, takeBackup } from "#server/backup.js";
import { sendControl } from "#server/control.js";
import { DataDirInUseError } from "#server/data-dir.js";
import { openPglite, pgliteDirectory, type Database } from "#server/db/client.js";
import { loadConfig } from "#server/env.js";
import { createLogger } from "#server/logger.js";
import { startServer, type RunningServer } from "#server/server.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { HttpClient } from "./helpers/http-client.js";
import { seedDataDir } from "./helpers/database.js";
import { CapturingMailer } from "./helpers/mailer.js";
import { person, type Person } from "./helpers/people.js";
import type { ServerSuite } from "./helpers/suite.js";
import { freePort } from "./helpers/test-server.js";
import { builtEntry } from "./helpers/server-build.js";

const run = promisify(execFile);
const directories: string[] = [];
const servers: RunningServer[] = [];
const tempDir = () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "termvest-backup-"));
  directories.push(directory);
  return directory;
};

afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** A real server on the embedded database in `dataDir`: it holds the lock and opens the control socket. */
async function embeddedServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, TRUST_PROXY: "1", RATE_LIMIT: "off", DATABASE_URL: "" });
  const server = await startServer(config, createLogger("silent"), { serveWeb: false, mailer: new CapturingMailer() });
  servers.push(server);
  return server;
}

const rows = async (db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows;

describe("backup and restore of the embedded database", () => {
  it("copies a running server during activity; the copy restores, starts, and its ledger is sound", { timeout: 240_000 }, async () => {
    const sourceDir = tempDir();
    await seedDataDir(sourceDir);
    const source = await embeddedServer(sourceDir);
    const suite = { database: { handle: source.database }, server: { client: () => new HttpClient(source.url) } } as unknown as ServerSuite;
    const people: Person[] = [];
    for (let index = 0; index < 3; index++) people.push(await person(suite, { funds: 1_000_000n }));

    // Transfers keep running in a ring while the CLI takes the backup through the control socket.
    let busy = true;
    let transfers = 0;
    const activity = (async () => {
      for (let round = 0; busy; round++) {
        const from = people[round % 3]!;
        const to = people[(round + 1) % 3]!;
        const response = await from.client.post("/api/transfers", { toEmail: to.email, amountCents: 100 + round });
        if (response.status === 201) transfers++;
      }
    })();
    const file = path.join(tempDir(), "termvest.tar.gz");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cli = await run(process.execPath, [builtEntry("cli/backup"), "backup", file], { env: { ...process.env, DATA_DIR: sourceDir, DATABASE_URL: "" } });
    busy = false;
    await activity;
    expect(cli.stdout).toContain("Backed up");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(transfers).toBeGreaterThan(0);

    // Not over the running server's directory, whatever the flags.
    await expect(restoreBackup(sourceDir, readFileSync(file), { force: true })).rejects.toBeInstanceOf(DataDirInUseError);

    const restoredDir = tempDir();
    await restoreBackup(restoredDir, readFileSync(file));
    await expect(restoreBackup(restoredDir, readFileSync(file))).rejects.toBeInstanceOf(BackupRefusedError);
    const restored = await embeddedServer(restoredDir);
    expect((await fetch(new URL("/readyz", restored.url))).status).toBe(200);
    const copy = restored.database.db;
    expect(await verifyLedger(copy)).toEqual([]);

    // Every balance in the copy equals the running ledger's as of the journals the copy holds: the
    // copy is the source at one moment, not a mix of two.
    const copied = await rows(copy, sql`select id from journal`);
    const journals = copied.map((row) => row.id!);
    // The three fundings and at least one transfer made before the copy.
    expect(journals.length).toBeGreaterThan(3);
    const sourceJournals = new Set((await rows(source.database.db, sql`select id from journal`)).map((row) => row.id));
    expect(journals.filter((id) => !sourceJournals.has(id))).toEqual([]);
    const expected = await rows(
      source.database.db,
      sql`select a.id, coalesce(sum(p.amount_cents) filter (where p.journal_id in (select unnest(${`{${journals.join(",")}}`}::text[]))), 0)::text as balance
          from ledger_account a left join posting p on p.account_id = a.id where a.user_id is not null group by a.id order by a.id`,
    );
    const actual = await rows(copy, sql`select id, balance_cents::text as balance from ledger_account where user_id is not null order by id`);
    expect(actual).toEqual(expected);

    // The control socket still answers the JSON commands beside the backup.
    expect(await sendControl(sourceDir, "grant-admin", { email: people[0]!.email })).toMatchObject({ ok: true });
  });

  it("copies a stopped server's directory by opening it, and restores over a database only with --force", { timeout: 240_000 }, async () => {
    const dataDir = tempDir();
    await seedDataDir(dataDir);
    const server = await embeddedServer(dataDir);
    const suite = { database: { handle: server.database }, server: { client: () => new HttpClient(server.url) } } as unknown as ServerSuite;
    const saver = await person(suite, { funds: 250_000n });
    await server.close();
    servers.splice(servers.indexOf(server), 1);

    const tarball = await takeBackup(dataDir);
    const target = tempDir();
    await restoreBackup(target, tarball);
    await expect(restoreBackup(target, tarball)).rejects.toBeInstanceOf(BackupRefusedError);
    await restoreBackup(target, tarball, { force: true });
    const restored = await openPglite(pgliteDirectory(target));
    try {
      expect(await verifyLedger(restored.db)).toEqual([]);
      expect(await rows(restored.db, sql`select balance_cents::text as balance from ledger_account where id = ${`u:${saver.id}:available`}`)).toEqual([{ balance: "250000" }]);
    } finally {
      await restored.close();
    }
  });
});
