import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcMonthStart } from "#shared/schemas/statements.js";
import { openDatabase, type DatabaseHandle } from "#server/db/client.js";
import { loadConfig } from "#server/env.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person, summary, type Person } from "./helpers/people.js";
import { requirePostgresPrograms, scalar, skipReplica, startPrimaryAndStandby, type PrimaryAndStandby } from "./helpers/postgres-replica.js";
import type { ServerSuite } from "./helpers/suite.js";
import { startTestServer, type TestServer } from "./helpers/test-server.js";

/**
 * DATABASE_READ_URL (decision 0062) against a real streaming replica: a primary and a hot standby
 * made by pg_basebackup, both started here. The standby logs every statement it runs, so the test
 * sees which reads went there; pausing its replay makes it lag as long as the test likes.
 */
const DAY = 86_400_000;

describe.skipIf(skipReplica)("reads that may lag by seconds go to the replica DATABASE_READ_URL names", () => {
  let cluster: PrimaryAndStandby | undefined;
  let handle: DatabaseHandle | undefined;
  let server: TestServer | undefined;
  let dataDir: string | undefined;
  let admin: Person;
  let ada: Person;
  let ben: Person;

  const suite = (): ServerSuite => ({ database: { handle: handle!, dispose: async () => undefined }, server: server! });
  const replay = (action: "pause" | "resume") => scalar(cluster!.standby.url("postgres"), `select pg_wal_replay_${action}()`);
  /** Every statement the standby ran since `from` (an offset in its log), as it logged them. */
  const standbyStatements = (from = 0) =>
    [...cluster!.standby.log().slice(from).matchAll(/LOG: {2}(?:statement|execute [^:]+): ([\s\S]*?)(?=\n\S|$)/g)].map((match) => match[1]!);

  beforeAll(async () => {
    requirePostgresPrograms();
    cluster = await startPrimaryAndStandby();
    await scalar(cluster.primary.url("postgres"), "create database termvest");
    dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-replica-app-"));
    // What startServer opens from the environment: the primary's pool, and the replica's beside it.
    const config = loadConfig({ DATABASE_URL: cluster.primary.url("termvest"), DATABASE_READ_URL: cluster.standby.url("termvest"), DATA_DIR: dataDir });
    handle = await openDatabase(config);
    server = await startTestServer(handle);
    admin = await person(suite(), { admin: true, name: "Kemi Admin" });
    ada = await person(suite(), { funds: 100_000n, name: "Ada Obi" });
    ben = await person(suite(), { name: "Ben Eze" });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the back office's lists, older history pages and statements from the replica, and everything else from the primary, while it lags", async () => {
    // Ada declares a deposit, and the replica has it; then its replay stops: from here it lags.
    const deposit = await (await ada.client.post("/api/deposits", await bankDepositBody(ada.client, 5_000))).json();
    await cluster!.caughtUp();
    await replay("pause");
    const logFrom = cluster!.standby.log().length;

    // On the primary: the deposit confirmed, and all of Ada's money sent to Ben.
    expect((await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {})).status).toBe(200);
    expect((await ada.client.post("/api/transfers", { toEmail: ben.email, amountCents: 105_000 })).status).toBe(201);

    // What decides on money and what shows a change just made reads the primary: the replica
    // still holds $1,050 for Ada, and none of it may be sent again.
    expect(await summary(ada)).toMatchObject({ mainBalanceCents: 0 });
    expect(await summary(ben)).toMatchObject({ mainBalanceCents: 105_000 });
    const preview = await ada.client.post("/api/transfers/preview", { toEmail: ben.email, amountCents: 50_000 });
    expect(await preview.json()).toMatchObject({ withinBalance: false });
    const again = await ada.client.post("/api/transfers", { toEmail: ben.email, amountCents: 50_000 });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("INSUFFICIENT_FUNDS");
    const first = await (await ada.client.get("/api/transactions?limit=1")).json();
    expect(first.items[0]).toMatchObject({ event: "transfer_sent", mainBalanceChangeCents: -105_000, mainBalanceAfterCents: 0 });

    // The page after it comes from the replica, where the deposit is still a claim; on the primary it is credited.
    const olderPage = () => ada.client.get(`/api/transactions?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`).then((response) => response.json());
    expect((await olderPage()).items[0]).toMatchObject({ id: deposit.id, event: "deposit_pending", status: "pending", mainBalanceChangeCents: 0 });
    // So does the deposit queue.
    const queued = async () => (await (await admin.client.get(`/api/admin/deposits?q=${deposit.reference}`)).json()).items[0];
    expect(await queued()).toMatchObject({ id: deposit.id, status: "pending" });
    // And the statement: this month's, once the server's clock is past its end.
    const month = new Date().toISOString().slice(0, 7);
    server!.clock.advance(utcMonthStart(Number(month.slice(0, 4)), Number(month.slice(5, 7))).getTime() + DAY - server!.clock.now().getTime());
    const statement = await ada.client.get(`/api/statements/monthly/${month}`);
    expect(statement.status).toBe(200);

    const onStandby = standbyStatements(logFrom);
    expect(onStandby.some((text) => text.includes("with postings as ("))).toBe(true);
    expect(onStandby.some((text) => /from "deposit"/.test(text))).toBe(true);
    expect(onStandby.some((text) => text.includes("coalesce(sum(amount_cents) filter (where created_at <"))).toBe(true);
    // Never a write, a balance, a session or a posting of money.
    expect(onStandby.filter((text) => /^\s*(insert|update|delete)\b|post_journal|ledger_account|"session"/i.test(text))).toEqual([]);

    // Replay resumes, the replica catches up, and the same reads show the credited deposit.
    await replay("resume");
    await cluster!.caughtUp();
    expect((await olderPage()).items[0]).toMatchObject({ event: "deposit_confirmed", status: "completed", mainBalanceChangeCents: 5_000, mainBalanceAfterCents: 105_000 });
    expect(await queued()).toMatchObject({ id: deposit.id, status: "confirmed" });
  });

  it("runs against a hot standby that refuses every write", async () => {
    expect(await scalar(cluster!.standby.url("termvest"), "select pg_is_in_recovery()")).toBe(true);
    await expect(scalar(cluster!.standby.url("termvest"), "create table probe (id int)")).rejects.toThrow(/read-only transaction/);
  });
});
