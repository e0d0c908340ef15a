import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "#server/db/client.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { startCommitCutProxy, type CommitCutProxy } from "./helpers/commit-cut-proxy.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";
import { person, summary, type Person } from "./helpers/people.js";
import type { ServerSuite } from "./helpers/suite.js";
import { startTestServer, type TestServer } from "./helpers/test-server.js";

/*
 * A transfer whose connection is cut at COMMIT, on PostgreSQL (PGlite has no connection to cut):
 * the server retries nothing, so the transfer is posted at most once, whether the database
 * committed it (the answer lost) or not; the server goes on answering.
 */
describe.skipIf(!testDatabaseUrl)("a transfer whose database connection is cut at COMMIT", () => {
  let database: TestDatabase;
  let proxy: CommitCutProxy;
  let throughProxy: DatabaseHandle;
  let server: TestServer;
  const suite = {
    get database() {
      return database;
    },
    get server() {
      return server;
    },
  } as ServerSuite;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startCommitCutProxy(database.url!);
    throughProxy = await openPostgres(proxy.url, { max: 4 });
    server = await startTestServer(throughProxy);
  });
  afterAll(async () => {
    await server?.close();
    await throughProxy?.close();
    await proxy?.close();
    await database?.dispose();
  });

  const count = async (query: ReturnType<typeof sql>) => Number(((await database.handle.db.execute(query)) as unknown as { rows: Array<{ n: string }> }).rows[0]?.n);
  const transfersFrom = (p: Person) => count(sql`select count(*) as n from transfer where from_user_id = ${p.id}`);
  const journalsOf = (p: Person) => count(sql`select count(*) as n from journal where user_id = ${p.id} and kind = 'transfer'`);
  const send = (from: Person, to: Person, headers: Record<string, string> = {}) =>
    from.client.request("/api/transfers", { body: { toEmail: to.email, amountCents: 1_000 }, headers });

  it.each([
    ["the database committed and the answer was lost", true, 1],
    ["the COMMIT never reached the database", false, 0],
  ])("without an Idempotency-Key, when %s: one 500, the transfer posted at most once and whole, the server still answering", async (_label, afterCommit, posted) => {
    const alice = await person(suite, { funds: 10_000n });
    const bob = await person(suite);
    const cut = proxy.arm({ afterCommit });
    const response = await send(alice, bob);
    await cut;
    expect(response.status).toBe(500);
    expect(await transfersFrom(alice)).toBe(posted);
    expect(await journalsOf(alice)).toBe(posted);
    expect(await summary(alice)).toMatchObject({ mainBalanceCents: 10_000 - posted * 1_000 });
    expect(await summary(bob)).toMatchObject({ mainBalanceCents: posted * 1_000 });
    // The pool replaced the dead connection: the next transfer goes through once.
    expect((await send(alice, bob)).status).toBe(201);
    expect(await journalsOf(alice)).toBe(posted + 1);
    expect(await verifyLedger(database.handle.db)).toEqual([]);
  });

  it("with an Idempotency-Key, the retry after a lost answer gets the first answer and moves nothing more", async () => {
    const carol = await person(suite, { funds: 10_000n });
    const dan = await person(suite);
    const key = randomUUID();
    const cut = proxy.arm({ afterCommit: true });
    expect((await send(carol, dan, { "Idempotency-Key": key })).status).toBe(500);
    await cut;
    const retried = await send(carol, dan, { "Idempotency-Key": key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await journalsOf(carol)).toBe(1);
    expect(await summary(dan)).toMatchObject({ mainBalanceCents: 1_000 });
  });
});
