import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, notification, payout } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { startEsploraServer, TestChain, type EsploraServer } from "./helpers/esplora-server.js";
import { person, type Person, type PersonOptions } from "./helpers/people.js";
import { startRateServer, type RateServer } from "./helpers/rate-servers.js";
import { startTestServer, type TestServer } from "./helpers/test-server.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

/**
 * Withdrawals in bitcoin terms (decision 0055): in automatic crypto mode a payout
 * is quoted at the current rate, its rate is fixed once when an operator approves it, and it is
 * marked paid only then; in manual mode nothing of this applies. Two exchanges the test controls
 * price bitcoin; the server's clock is moved past the rate's 60 seconds when a price changes.
 */

const ZPUB = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
/** $65,000.00 a bitcoin: $650.00 is 0.01 BTC exactly. */
const PRICE = "65000.00";
const SMALL = 65_000; // $650.00
const LARGE = 1_000_000; // $10,000.00: the default PAYOUT_APPROVAL_USD, so it needs four eyes.

interface Suite {
  database: TestDatabase;
  server: TestServer;
}
let automatic: Suite;
let manual: Suite;
let esplora: EsploraServer;
let kraken: RateServer;
let coinbase: RateServer;

beforeAll(async () => {
  [esplora, kraken, coinbase] = await Promise.all([startEsploraServer(new TestChain(850_000)), startRateServer("kraken", PRICE), startRateServer("coinbase", PRICE)]);
  const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  automatic = {
    database: one,
    server: await startTestServer(one.handle, {
      BITCOIN_XPUB: ZPUB,
      BITCOIN_ESPLORA_URLS: esplora.url,
      BTC_RATE_SOURCES: `${kraken.setting},${coinbase.setting}`,
      // No invoice is made here; the watcher's own runs stay out of the way.
      BITCOIN_POLL_SECONDS: "600",
    }),
  };
  manual = { database: two, server: await startTestServer(two.handle) };
});
afterAll(async () => {
  await Promise.all([automatic, manual].map(async (suite) => suite && (await suite.server.close(), await suite.database.dispose())));
  await Promise.all([esplora, kraken, coinbase].map((stub) => stub?.close()));
});

/** Both exchanges answer `price` from now on: the server's clock moves past the kept rate's 60 seconds. */
function priceAt(krakenPrice: string, coinbasePrice = krakenPrice) {
  kraken.price = krakenPrice;
  coinbase.price = coinbasePrice;
  automatic.server.clock.advance(61_000);
}

const db = (suite: Suite = automatic) => suite.database.handle.db;
const someone = (options: PersonOptions = {}, suite: Suite = automatic) => person(suite, options);
const row = async (id: string, suite: Suite = automatic) => (await db(suite).select().from(payout).where(eq(payout.id, id)))[0]!;
const audits = (id: string) => db().select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.targetId, id));

async function requestPayout(user: Person, amountCents: number, suite: Suite = automatic): Promise<{ id: string; amountBtc: string | null }> {
  const made = await user.client.post("/api/payouts", { amountCents, walletAddress: await listWallet(db(suite), user.id) });
  expect(made.status, await made.clone().text()).toBe(201);
  return made.json();
}

const approve = (admin: Person, id: string, key = randomUUID()) => admin.client.request(`/api/admin/payouts/${id}/approve`, { method: "POST", body: {}, headers: { "Idempotency-Key": key } });
const markPaid = (admin: Person, id: string, txId: string) => admin.client.post(`/api/admin/payouts/${id}/mark-paid`, { txId });
const queued = async (admin: Person, user: Person) => (await admin.client.get(`/api/admin/payouts?userId=${user.id}`)).json();

describe("GET /api/payouts/quote", () => {
  it("prices the dollars in bitcoin at the current rate, rounded up to the satoshi, as an estimate", async () => {
    priceAt(PRICE);
    const { client } = await someone();
    const quote = await client.get(`/api/payouts/quote?amountCents=${SMALL}`);
    expect(quote.status).toBe(200);
    expect(await quote.json()).toEqual({ amountBtc: "0.01000000", rateUsd: "65000.00", estimate: true });
    // One cent is 15.38… satoshis: 16, so the wallet never gets less than the dollars.
    expect(await (await client.get("/api/payouts/quote?amountCents=1")).json()).toMatchObject({ amountBtc: "0.00000016" });
  });

  it("is for signed-in users, and takes only a positive whole number of cents", async () => {
    expect((await automatic.server.client().get(`/api/payouts/quote?amountCents=${SMALL}`)).status).toBe(401);
    const { client } = await someone();
    for (const bad of ["", "amountCents=0", "amountCents=-5", "amountCents=1.5", "amountCents=ten"]) {
      expect((await client.get(`/api/payouts/quote?${bad}`)).status, bad).toBe(400);
    }
  });

  it("answers 503 RATE_UNAVAILABLE in words when the exchanges disagree, never a guess", async () => {
    const { client } = await someone();
    try {
      priceAt("65000.00", "70000.00");
      const refused = await client.get(`/api/payouts/quote?amountCents=${SMALL}`);
      expect(refused.status).toBe(503);
      expect((await refused.json()).error).toEqual({ code: "RATE_UNAVAILABLE", message: expect.stringMatching(/exchanges we take the rate from disagree/) });
    } finally {
      priceAt(PRICE);
    }
  });

  it("gives no estimate in manual mode, where an operator prices each payout by hand; the site settings say which mode", async () => {
    const { client } = await someone({}, manual);
    const answer = await client.get(`/api/payouts/quote?amountCents=${SMALL}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ estimate: false, message: expect.stringMatching(/not priced in bitcoin/) });
    expect((await (await manual.server.client().get("/api/site")).json()).payouts).toEqual({ inBitcoin: false, sendHours: 24 });
    expect((await (await automatic.server.client().get("/api/site")).json()).payouts).toEqual({ inBitcoin: true, sendHours: 24 });
  });
});

describe("approving a payout fixes its rate, once", () => {
  it("a small payout: refused as paid before, fixed by one admin (no four eyes), replayed on retry, refused again", async () => {
    priceAt(PRICE);
    const [first, second] = [await someone({ admin: true }), await someone({ admin: true })];
    const user = await someone({ funds: 1_000_000n });
    const made = await requestPayout(user, SMALL);
    expect(made.amountBtc).toBeNull();

    const early = await markPaid(first, made.id, "tx-early");
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toMatch(/rate is not fixed yet: approve it first/);

    const key = randomUUID();
    const approved = await approve(first, made.id, key);
    expect(approved.status).toBe(200);
    const fixed = await approved.json();
    expect(fixed).toMatchObject({ id: made.id, status: "requested", amountBtc: "0.01000000", rateUsd: "65000.00", rateFixedAt: expect.any(String) });

    // The price moves: the retry replays the first answer, and a new approval is refused.
    priceAt("66000.00");
    const replay = await approve(first, made.id, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(fixed);
    const again = await approve(second, made.id);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("This payout was already approved.");

    expect(await row(made.id)).toMatchObject({ rateCentsPerBtc: 6_500_000n, amountSats: 1_000_000n, rateFixedBy: first.id, approvedBy: null, approvedAt: null });
    expect(await audits(made.id)).toEqual([{ action: "payout.fix_rate", actorId: first.id }]);
    priceAt(PRICE);
  });

  it("a large payout: concurrent approvals fix one rate; the approver may not mark it paid, another admin may", async () => {
    priceAt(PRICE);
    const [first, second] = [await someone({ admin: true }), await someone({ admin: true })];
    const user = await someone({ funds: 2_000_000n });
    const made = await requestPayout(user, LARGE);

    const answers = await Promise.all([approve(first, made.id), approve(second, made.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? first : second;
    const loser = winner === first ? second : first;
    // $10,000.00 at $65,000.00 is 15,384,615.38… satoshis, rounded up.
    expect(await row(made.id)).toMatchObject({ rateCentsPerBtc: 6_500_000n, amountSats: 15_384_616n, rateFixedBy: winner.id, approvedBy: winner.id });
    expect(await audits(made.id)).toEqual([{ action: "payout.approve", actorId: winner.id }]);

    expect((await markPaid(winner, made.id, "tx-alone")).status).toBe(403);
    const paid = await markPaid(loser, made.id, "f".repeat(64));
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "paid", amountBtc: "0.15384616", rateUsd: "65000.00", txId: "f".repeat(64) });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("RATE_UNAVAILABLE when the exchanges disagree leaves the payout as it was; the queue shows it without an estimate", async () => {
    const admin = await someone({ admin: true });
    const user = await someone({ funds: 1_000_000n });
    const made = await requestPayout(user, SMALL);
    const before = await row(made.id);
    try {
      priceAt("65000.00", "70000.00");
      const refused = await approve(admin, made.id);
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.code).toBe("RATE_UNAVAILABLE");
      expect(await row(made.id)).toEqual(before);
      expect(await audits(made.id)).toEqual([]);
      // The payout's own refusals come first: an unknown one is still a 404.
      expect((await approve(admin, randomUUID())).status).toBe(404);

      const list = await queued(admin, user);
      expect(list.items[0]).toMatchObject({ id: made.id, estimate: null, amountBtc: null });
    } finally {
      priceAt(PRICE);
    }
    expect((await approve(admin, made.id)).status).toBe(200);
  });
});

describe("the queue and the investor's list in bitcoin terms", () => {
  it("estimates an unfixed payout at the current rate, then shows the fixed amount; the paid one carries the BTC sent and the transaction", async () => {
    priceAt(PRICE);
    const admin = await someone({ admin: true });
    const user = await someone({ funds: 1_000_000n });
    const made = await requestPayout(user, SMALL);

    const waiting = await queued(admin, user);
    expect(waiting.items[0]).toMatchObject({ id: made.id, estimate: { amountBtc: "0.01000000", rateUsd: "65000.00" }, amountBtc: null, rateFixedAt: null });

    expect((await approve(admin, made.id)).status).toBe(200);
    priceAt("50000.00");
    const approved = (await queued(admin, user)).items[0];
    expect(approved).toMatchObject({ estimate: null, amountBtc: "0.01000000", rateUsd: "65000.00", rateFixedAt: expect.any(String) });

    const txId = "a".repeat(64);
    expect((await markPaid(admin, made.id, txId)).status).toBe(200);
    const mine = (await (await user.client.get("/api/payouts")).json()).items[0];
    expect(mine).toMatchObject({ id: made.id, status: "paid", amountBtc: "0.01000000", rateUsd: "65000.00", txId });
    const told = await db().select({ body: notification.body }).from(notification).where(and(eq(notification.userId, user.id), eq(notification.kind, "payout_paid")));
    expect(told).toEqual([{ body: expect.stringContaining(`$650.00 (0.01000000 BTC) was sent to`) }]);

    const csv = (await (await admin.client.get(`/api/admin/payouts?userId=${user.id}&format=csv`)).text()).trimEnd().split("\r\n");
    expect(csv[0]).toContain('"Transaction ID","Amount (BTC)","Rate (USD per BTC)","Rate fixed (UTC)"');
    expect(csv[1]).toContain(`"${txId}",0.01000000,65000.00,"`);
    priceAt(PRICE);
  });

  it("in manual mode: no estimate, no rate, and mark-paid needs no approval below four eyes, as before", async () => {
    const admin = await someone({ admin: true }, manual);
    const user = await someone({ funds: 1_000_000n }, manual);
    const made = await requestPayout(user, SMALL, manual);
    const list = await queued(admin, user);
    expect(list.items[0]).toMatchObject({ estimate: null, amountBtc: null });
    expect((await approve(admin, made.id)).status).toBe(409);
    const paid = await markPaid(admin, made.id, "tx-manual");
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "paid", amountBtc: null, rateUsd: null, rateFixedAt: null, txId: "tx-manual" });
    expect(await row(made.id, manual)).toMatchObject({ rateCentsPerBtc: null, amountSats: null, rateFixedBy: null });
  });
});
