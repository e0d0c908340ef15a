import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, outgoingMail } from "#server/db/schema.js";
import { createChainSources } from "#server/services/bitcoin/esplora/chain-sources.js";
import { watchInvoices } from "#server/services/deposits/watch-invoices.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { startBitcoinStubs, type BitcoinStubs } from "./helpers/bitcoin-stubs.js";
import { TestChain } from "./helpers/esplora-server.js";
import type { HttpClient } from "./helpers/http-client.js";
import { person, type Person } from "./helpers/people.js";
import { samples } from "./helpers/prometheus-text.js";
import { depositJournals, mainBalance, makeInvoice, noticesOf, readDeposit } from "./helpers/invoice-calls.js";
import { startTestServer, type TestServer } from "./helpers/test-server.js";

/**
 * The operator's side of automatic crypto deposits: an expired invoice paid
 * short or late is credited at the rate the operator chooses, or marked invalid with a reason and
 * a refund's transaction id; a credited transaction that leaves the chain alerts every admin.
 */

const TOKEN = "metrics-token-for-the-invoice-decisions";
const MINUTE = 60_000;
/** $65,000.00 a bitcoin: $650.00 is 1,000,000 satoshis exactly. */
const PRICE = "65000.00";

let database: TestDatabase;
const chain = new TestChain(850_000);
let stubs: BitcoinStubs;
let server: TestServer;
let admin: Person;
let secondAdmin: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  stubs = await startBitcoinStubs(chain, PRICE);
  server = await startTestServer(database.handle, {
    ...stubs.env,
    BITCOIN_CONFIRMATIONS: "1",
    BITCOIN_POLL_SECONDS: "600",
    METRICS_TOKEN: TOKEN,
  });
  admin = await person({ database, server }, { admin: true });
  secondAdmin = await person({ database, server }, { admin: true });
});
afterAll(async () => {
  await server?.close();
  await stubs?.close();
  await database?.dispose();
});
beforeEach(() => stubs.setPrice(PRICE));

const watch = () =>
  watchInvoices({
    db: database.handle.db,
    chain: createChainSources({ urls: [stubs.a.url, stubs.b.url], timeoutMs: 2_000 }),
    settings: { monitorHours: 24 },
    now: () => server.clock.now(),
    logger: { info() {}, warn() {} },
  });

interface Invoice {
  id: string;
  reference: string;
  address: string;
  status: string;
  exception: string | null;
  receivedCents: number | null;
  creditedRateUsd: string | null;
  creditNote: string | null;
  rejectReason: string | null;
  refundTxId?: string;
  reorgedAt: string | null;
  txId: string | null;
  paymentTxIds: string[];
}

const investor = () => person({ database, server });
const invoice = (client: HttpClient, amountCents?: number) => makeInvoice<Invoice>(client, amountCents);
const read = (client: HttpClient, id: string) => readDeposit<Invoice>(client, id);
const balance = mainBalance;
const journals = (id: string) => depositJournals(database.handle.db, id);
const notices = (userId: string, kind: string) => noticesOf(database.handle.db, userId, kind);
const confirm = (by: Person, id: string, body: object, key?: string) =>
  by.client.request(`/api/admin/deposits/${id}/confirm`, { body, ...(key ? { headers: { "Idempotency-Key": key } } : {}) });
const reject = (by: Person, id: string, body: object) => by.client.post(`/api/admin/deposits/${id}/reject`, body);

/** An invoice for $650.00 (1,000,000 sats) that expired with `sats` paid in time, or paid after expiry when `late`. */
async function expiredInvoice(sats: number, late = false) {
  const owner = await investor();
  const made = await invoice(owner.client);
  if (!late) {
    chain.pay(made.address, sats);
    chain.mine(1);
    await watch();
  }
  server.clock.advance(16 * MINUTE);
  await watch();
  if (late) {
    chain.pay(made.address, sats);
    chain.mine(1);
    await watch();
  }
  const seen = await read(owner.client, made.id);
  expect(seen).toMatchObject({ status: "expired", exception: late ? "paid_late" : "paid_partial" });
  return { owner, invoice: seen };
}

describe("crediting what arrived on an expired invoice", () => {
  it("credits a short payment at the locked rate, once, keeping its exception, and tells the investor why", async () => {
    const { owner, invoice: made } = await expiredInvoice(400_000);
    // Asking for an amount, or for the current rate, is refused: the chain says what arrived, and it arrived in time.
    expect((await confirm(admin, made.id, { rate: "locked", receivedCents: 65_000 })).status).toBe(400);
    const current = await confirm(admin, made.id, { rate: "current" });
    expect(current.status).toBe(400);
    expect((await current.json()).error.fields.rate).toMatch(/late payment only/);
    expect((await confirm(admin, made.id, {})).status).toBe(400);

    const options = await (await admin.client.get(`/api/admin/deposits/${made.id}/credit-options`)).json();
    expect(options).toEqual({ receivedBtc: "0.00400000", locked: { rateUsd: "65000.00", cents: 26_000 }, current: null, currentUnavailable: expect.stringMatching(/in time/) });

    const key = crypto.randomUUID();
    const credited = await confirm(admin, made.id, { rate: "locked" }, key);
    expect(credited.status).toBe(200);
    expect(await credited.json()).toMatchObject({ status: "settled", exception: "paid_partial", receivedCents: 26_000, creditedRateUsd: "65000.00" });
    // The retry replays the answer; a second decision is refused; the money moved once.
    expect((await confirm(admin, made.id, { rate: "locked" }, key)).headers.get("idempotent-replayed")).toBe("true");
    expect((await confirm(secondAdmin, made.id, { rate: "locked" })).status).toBe(409);
    expect(await journals(made.id)).toBe(1);
    expect(await balance(owner.client)).toBe(26_000);

    const seen = await read(owner.client, made.id);
    expect(seen.paymentTxIds).toEqual([seen.txId]);
    expect(seen.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(seen.creditNote).toBe("0.00400000 BTC of the 0.01000000 BTC asked arrived before the invoice expired: it was credited at the rate it was locked at, $65,000.00 per bitcoin, $260.00.");
    expect(await notices(owner.id, "deposit_confirmed")).toEqual([expect.objectContaining({ title: "Deposit credited", body: expect.stringContaining("$260.00 was added to your balance") })]);
    const audited = await database.handle.db.select({ after: auditLog.after }).from(auditLog).where(and(eq(auditLog.action, "deposit.confirm"), eq(auditLog.targetId, made.id)));
    expect(audited).toEqual([{ after: expect.objectContaining({ status: "settled", creditedRateCentsPerBtc: "6500000" }) }]);
  });

  it("shows both figures for a late payment, and credits it at the current rate with a second admin when that is more than the invoice asked", async () => {
    const { owner, invoice: made } = await expiredInvoice(1_000_000, true);
    stubs.setPrice("70000.00");
    server.clock.advance(2 * MINUTE);
    const options = await (await admin.client.get(`/api/admin/deposits/${made.id}/credit-options`)).json();
    expect(options).toEqual({ receivedBtc: "0.01000000", locked: { rateUsd: "65000.00", cents: 65_000 }, current: { rateUsd: "70000.00", cents: 70_000 }, currentUnavailable: null });

    const asked = await confirm(admin, made.id, { rate: "current" });
    expect(asked.status).toBe(202);
    const { pendingApproval } = await asked.json();
    expect(pendingApproval.summary).toContain("$700.00 (0.01000000 BTC at $70,000.00 per bitcoin)");
    expect(await journals(made.id)).toBe(0);

    // The rate moves again before the second admin approves: what was asked for is what is credited.
    stubs.setPrice("80000.00");
    server.clock.advance(2 * MINUTE);
    expect((await secondAdmin.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(200);
    expect(await read(owner.client, made.id)).toMatchObject({ status: "settled", exception: "paid_late", receivedCents: 70_000, creditedRateUsd: "70000.00" });
    expect(await balance(owner.client)).toBe(70_000);
    expect(await journals(made.id)).toBe(1);
  });

  it("credits a late payment at the locked rate by one admin when it is not more than the invoice asked", async () => {
    const { owner, invoice: made } = await expiredInvoice(1_000_000, true);
    const credited = await confirm(admin, made.id, { rate: "locked" });
    expect(credited.status).toBe(200);
    expect(await credited.json()).toMatchObject({ status: "settled", exception: "paid_late", receivedCents: 65_000, creditedRateUsd: "65000.00" });
    expect(await balance(owner.client)).toBe(65_000);
  });

  it("answers 503 RATE_UNAVAILABLE, crediting nothing, when the current rate cannot be had", async () => {
    const { invoice: made } = await expiredInvoice(500_000, true);
    stubs.coinbase.price = "90000.00";
    server.clock.advance(2 * MINUTE);
    const refused = await confirm(admin, made.id, { rate: "current" });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe("RATE_UNAVAILABLE");
    const options = await (await admin.client.get(`/api/admin/deposits/${made.id}/credit-options`)).json();
    expect(options).toMatchObject({ current: null, currentUnavailable: expect.stringMatching(/disagree/) });
    expect(await journals(made.id)).toBe(0);
  });

  it("refuses to decide an open invoice, and to credit one where nothing arrived", async () => {
    const owner = await investor();
    const open = await invoice(owner.client);
    expect((await confirm(admin, open.id, { rate: "locked" })).status).toBe(409);
    expect((await reject(admin, open.id, { reason: "No." })).status).toBe(409);
    server.clock.advance(16 * MINUTE);
    await watch();
    const empty = await confirm(admin, open.id, { rate: "locked" });
    expect(empty.status).toBe(409);
    expect((await empty.json()).error.message).toMatch(/mark it invalid/);
    // A bank deposit has no rate.
    const bank = await (await owner.client.post("/api/deposits", { method: "bank", amountCents: 10_000, bank: "access", reference: (await (await owner.client.get("/api/deposits/bank-reference")).json()).reference })).json();
    expect((await confirm(admin, bank.id, { rate: "locked" })).status).toBe(400);
  });
});

describe("who may decide", () => {
  it("refuses an investor every operator route, and an admin their own invoice", async () => {
    const { owner, invoice: made } = await expiredInvoice(200_000);
    expect((await owner.client.get(`/api/admin/deposits/${made.id}/credit-options`)).status).toBe(403);
    expect((await confirm(owner, made.id, { rate: "locked" })).status).toBe(403);
    expect((await reject(owner, made.id, { reason: "Mine." })).status).toBe(403);
    const own = await invoice(admin.client);
    server.clock.advance(16 * MINUTE);
    chain.pay(own.address, 1_000);
    chain.mine(1);
    await watch();
    expect((await confirm(admin, own.id, { rate: "locked" })).status).toBe(403);
    expect(await journals(made.id)).toBe(0);
    expect(await journals(own.id)).toBe(0);
  });
});

describe("marking an expired invoice invalid", () => {
  it("credits nothing, keeps the reason and the refund's transaction id, tells the investor, and stops the watcher", async () => {
    const { owner, invoice: made } = await expiredInvoice(300_000, true);
    expect((await reject(admin, made.id, { reason: "", refundTxId: "abc" })).status).toBe(400);
    const refundTxId = "f".repeat(64);
    const marked = await reject(admin, made.id, { reason: "Paid from an exchange we cannot accept; sent back.", refundTxId });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ status: "invalid", rejectReason: "Paid from an exchange we cannot accept; sent back.", refundTxId });
    expect(await notices(owner.id, "deposit_rejected")).toEqual([
      { title: "Deposit marked invalid", body: expect.stringMatching(new RegExp(`marked invalid, and nothing was credited: Paid from an exchange.*refund was sent in transaction ${refundTxId}`)) },
    ]);
    chain.pay(made.address, 700_000);
    chain.mine(1);
    await watch();
    expect(await read(owner.client, made.id)).toMatchObject({ status: "invalid", exception: "paid_late" });
    expect(await journals(made.id)).toBe(0);
    expect(await balance(owner.client)).toBe(0);
    expect((await confirm(admin, made.id, { rate: "locked" })).status).toBe(409);
  });
});

describe("the deposit queue", () => {
  it("filters invoices by exception and by status", async () => {
    const { invoice: partial } = await expiredInvoice(100_000);
    const { invoice: late } = await expiredInvoice(100_000, true);
    const list = async (query: string) => ((await (await admin.client.get(`/api/admin/deposits?${query}&limit=100`)).json()).items as Invoice[]).map((item) => item.id);
    const lateOnes = await list("exception=paid_late&status=expired");
    expect(lateOnes).toContain(late.id);
    expect(lateOnes).not.toContain(partial.id);
    expect(await list("exception=any&status=expired")).toEqual(expect.arrayContaining([late.id, partial.id]));
    expect((await admin.client.get("/api/admin/deposits?exception=odd")).status).toBe(400);
  });
});

describe("a credited transaction that leaves the chain", () => {
  const reorgMails = async (reference: string) =>
    (await database.handle.db.select({ to: outgoingMail.to }).from(outgoingMail).where(and(eq(outgoingMail.kind, "invoice-reorg"), like(outgoingMail.subject, `%${reference}`)))).map((mail) => mail.to);
  const reorged = async () => {
    const text = await (await server.client().request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    return samples(text).get("termvest_invoices_reorged");
  };

  it("alerts every admin once and counts it, debiting nothing; a deeper confirmation changes nothing", async () => {
    const owner = await investor();
    const made = await invoice(owner.client);
    const txid = chain.pay(made.address, 1_000_000);
    chain.mine(1);
    await watch();
    expect(await read(owner.client, made.id)).toMatchObject({ status: "settled", reorgedAt: null });
    chain.mine(1);
    await watch();
    expect(await reorgMails(made.reference)).toEqual([]);
    const before = await reorged();

    chain.reorg(2, { drop: [txid] });
    await watch();
    const seen = await read(owner.client, made.id);
    expect(seen).toMatchObject({ status: "settled", receivedCents: 65_000, reorgedAt: expect.any(String), txId: txid });
    // Gone from the chain, so no longer listed as paying it; the credit's own transaction id stays.
    expect(seen.paymentTxIds).toEqual([]);
    expect((await reorgMails(made.reference)).sort()).toEqual([admin.email, secondAdmin.email].sort());
    expect(await reorged()).toBe((before ?? 0) + 1);
    expect(await balance(owner.client)).toBe(65_000);
    await watch();
    expect(await reorgMails(made.reference)).toHaveLength(2);
  });

  it("alerts when the transaction is back in the mempool, not only when it is gone", async () => {
    const owner = await investor();
    const made = await invoice(owner.client);
    chain.pay(made.address, 1_000_000);
    chain.mine(1);
    await watch();
    chain.reorg(1, { length: 1 });
    // The new block left it out: back in the mempool, with no confirmation.
    await watch();
    expect((await read(owner.client, made.id)).reorgedAt).not.toBeNull();
    expect(await reorgMails(made.reference)).toHaveLength(2);
  });
});
