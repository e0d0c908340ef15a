import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deposit, outgoingMail } from "#server/db/schema.js";
import { createChainSources } from "#server/services/bitcoin/esplora/chain-sources.js";
import { expireDeposits } from "#server/services/deposits/expire-deposits.js";
import { countOpenInvoices, watchInvoices } from "#server/services/deposits/watch-invoices.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { startBitcoinStubs, type BitcoinStubs } from "./helpers/bitcoin-stubs.js";
import { TestChain } from "./helpers/esplora-server.js";
import type { HttpClient } from "./helpers/http-client.js";
import { person } from "./helpers/people.js";
import { samples } from "./helpers/prometheus-text.js";
import { depositJournals, mainBalance, makeInvoice, noticesOf, readDeposit } from "./helpers/invoice-calls.js";
import { startTestServer, uniqueEmail, type TestServer } from "./helpers/test-server.js";

/**
 * Automatic crypto deposits: an invoice at a locked rate, the watcher
 * reading two Esplora-compatible sources the test controls, and crediting exactly once. The watcher
 * is run directly (`watch()`), with the server's clock, except in the last test, where the job a
 * second server schedules does it.
 */

const TOKEN = "metrics-token-for-the-invoice-test-0123";
const MINUTE = 60_000;
/** $65,000.00 a bitcoin: $650.00 is 1,000,000 satoshis exactly. */
const PRICE = "65000.00";
const SITE_NAME = "Termvest Test & Co";

let database: TestDatabase;
const chain = new TestChain(850_000);
let stubs: BitcoinStubs;
let server: TestServer;

const env = (extra: Record<string, string> = {}) => ({
  ...stubs.env,
  BITCOIN_CONFIRMATIONS: "2",
  BITCOIN_INVOICE_MINUTES: "15",
  BITCOIN_MONITOR_HOURS: "24",
  // The job's own runs stay out of the way: the tests run the watcher themselves.
  BITCOIN_POLL_SECONDS: "600",
  METRICS_TOKEN: TOKEN,
  SITE_NAME,
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  stubs = await startBitcoinStubs(chain, PRICE);
  server = await startTestServer(database.handle, env());
});
afterAll(async () => {
  await server?.close();
  await stubs?.close();
  await database?.dispose();
});

const quiet = { info() {}, warn() {} };
const chainSources = () => createChainSources({ urls: [stubs.a.url, stubs.b.url], timeoutMs: 2_000 });
const watch = () => watchInvoices({ db: database.handle.db, chain: chainSources(), settings: { monitorHours: 24 }, now: () => server.clock.now(), logger: quiet });

async function investor(): Promise<{ client: HttpClient; id: string }> {
  const { client, id } = await person({ database, server }, { email: uniqueEmail("invoice") });
  return { client, id };
}

interface Invoice {
  id: string;
  reference: string;
  status: string;
  address: string;
  amountBtc: string;
  rateUsd: string;
  bip21: string;
  expiresAt: string;
  requiredConfirmations: number;
  receivedBtc: string;
  confirmations: number;
  exception: string | null;
  amountCents: number;
  receivedCents: number | null;
}

const invoice = (client: HttpClient, amountCents?: number) => makeInvoice<Invoice>(client, amountCents);
const read = (client: HttpClient, id: string) => readDeposit<Invoice>(client, id);
const balance = mainBalance;
const journals = (id: string) => depositJournals(database.handle.db, id);
const notices = (userId: string, kind: string) => noticesOf(database.handle.db, userId, kind);
const depositRows = async () => (await database.handle.db.select({ n: count() }).from(deposit))[0]?.n ?? 0;

describe("an invoice", () => {
  it("asks for the dollars in bitcoin at the locked rate, rounded up, on a fresh address, with a BIP21 link", async () => {
    const { client } = await investor();
    const before = server.clock.now().getTime();
    const made = await invoice(client, 10_000);
    // $100.00 at $65,000.00: 153,846.15… satoshis, rounded up.
    expect(made).toMatchObject({ status: "new", amountBtc: "0.00153847", rateUsd: "65000.00", requiredConfirmations: 2, receivedBtc: "0.00000000", confirmations: 0, exception: null });
    expect(made.address).toMatch(/^bc1q/);
    expect(made.bip21).toBe(`bitcoin:${made.address}?amount=0.00153847&label=${encodeURIComponent(SITE_NAME)}`);
    const expires = new Date(made.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(15 * MINUTE);
    expect(expires - before).toBeLessThan(15 * MINUTE + 5_000);
    const [row] = await database.handle.db.select().from(deposit).where(eq(deposit.id, made.id));
    expect(row).toMatchObject({ rateCentsPerBtc: 6_500_000n, amountSats: 153_847n, requiredConfirmations: 2, payments: [] });

    // The next invoice has another address; the caller reads their own, nobody else's.
    const second = await invoice(client, 10_000);
    expect(second.address).not.toBe(made.address);
    expect(await read(client, made.id)).toMatchObject({ id: made.id, status: "new", bip21: made.bip21 });
    const stranger = await investor();
    expect((await stranger.client.get(`/api/deposits/${made.id}`)).status).toBe(404);
    expect((await client.get("/api/deposits/no-such-deposit")).status).toBe(404);
  });

  it("tells the page that crypto deposits are invoices", async () => {
    const { client } = await investor();
    expect(await (await client.get("/api/deposits/options")).json()).toMatchObject({ cryptoInvoices: true });
  });

  it("keeps a bank deposit's shape: no bitcoin fields", async () => {
    const { client } = await investor();
    const { reference } = await (await client.get("/api/deposits/bank-reference")).json();
    const bank = await (await client.post("/api/deposits", { method: "bank", bank: "gtbank", amountCents: 50_000, reference })).json();
    expect(bank.status).toBe("pending");
    for (const field of ["amountBtc", "rateUsd", "bip21", "requiredConfirmations", "receivedBtc", "confirmations", "exception"]) expect(bank).not.toHaveProperty(field);
  });

  it("is refused with 503 RATE_UNAVAILABLE, creating nothing, when the rate sources are down or disagree", async () => {
    const { client } = await investor();
    server.clock.advance(2 * MINUTE); // past the rate kept from earlier invoices
    const rows = await depositRows();
    stubs.kraken.behaviour = "down";
    stubs.coinbase.behaviour = "down";
    try {
      const down = await client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 65_000 });
      expect(down.status).toBe(503);
      expect((await down.json()).error.code).toBe("RATE_UNAVAILABLE");
      stubs.kraken.behaviour = "up";
      stubs.coinbase.behaviour = "up";
      stubs.coinbase.price = "70000.00"; // 7.4 % apart
      const apart = await client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 65_000 });
      expect(apart.status).toBe(503);
      expect(await depositRows()).toBe(rows);
    } finally {
      stubs.kraken.behaviour = "up";
      stubs.coinbase.behaviour = "up";
      stubs.coinbase.price = PRICE;
    }
  });
});

describe("the watcher", () => {
  it("credits an exact payment once, after the required confirmations, and tells the investor", async () => {
    const { client, id: userId } = await investor();
    const made = await invoice(client);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "new", receivedBtc: "0.00000000" });

    const txid = chain.pay(made.address, 1_000_000);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "processing", receivedBtc: "0.01000000", confirmations: 0, exception: null });
    const [seen] = (await database.handle.db.select({ payments: deposit.payments }).from(deposit).where(eq(deposit.id, made.id)))[0]!.payments!;
    expect(seen).toMatchObject({ txid, sats: "1000000", confirmations: 0, rbf: false, firstSeenAt: expect.any(String) });
    const firstSeen = seen!.firstSeenAt;

    chain.confirm(txid);
    server.clock.advance(MINUTE);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "processing", confirmations: 1 });
    expect(await balance(client)).toBe(0);

    chain.mine(1);
    await watch();
    const settled = await read(client, made.id);
    expect(settled).toMatchObject({ status: "settled", exception: null, confirmations: 2, receivedCents: 65_000 });
    expect(await balance(client)).toBe(65_000);
    expect(await journals(made.id)).toBe(1);
    const stored = (await database.handle.db.select({ payments: deposit.payments, txId: deposit.txId }).from(deposit).where(eq(deposit.id, made.id)))[0]!;
    expect(stored.payments![0]!.firstSeenAt).toBe(firstSeen);
    expect(stored.txId).toBe(txid);
    expect(await notices(userId, "deposit_confirmed")).toEqual([expect.objectContaining({ title: "Deposit credited", body: expect.stringContaining("$650.00 was added") })]);
    const mails = await database.handle.db.select({ subject: outgoingMail.subject }).from(outgoingMail).where(like(outgoingMail.text, `%${made.reference}%`));
    expect(mails).toEqual([{ subject: "Deposit credited" }]);

    // Later runs, more blocks: nothing more.
    chain.mine(3);
    await watch();
    await watch();
    expect(await journals(made.id)).toBe(1);
    expect(await balance(client)).toBe(65_000);
  });

  it("credits an overpayment in full at the locked rate, rounded down to the cent, as paid_over", async () => {
    const { client } = await investor();
    const made = await invoice(client);
    // Two payments: 1,200,007 satoshis at $65,000.00 are $780.0045…
    chain.pay(made.address, 700_000);
    chain.pay(made.address, 500_007);
    chain.mine(2);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "settled", exception: "paid_over", receivedBtc: "0.01200007", receivedCents: 78_000 });
    expect(await balance(client)).toBe(78_000);
  });

  it("never credits a replace-by-fee payment below one confirmation, even when none is required", async () => {
    const { client } = await investor();
    const made = await invoice(client);
    await database.handle.db.update(deposit).set({ requiredConfirmations: 0 }).where(eq(deposit.id, made.id));
    const txid = chain.pay(made.address, 1_000_000, { rbf: true });
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "processing", confirmations: 0 });
    expect(await balance(client)).toBe(0);
    chain.confirm(txid);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "settled" });
    expect(await balance(client)).toBe(65_000);

    // A final (non-RBF) payment with no confirmation required is credited from the mempool.
    const other = await invoice(client);
    await database.handle.db.update(deposit).set({ requiredConfirmations: 0 }).where(eq(deposit.id, other.id));
    chain.pay(other.address, 1_000_000);
    await watch();
    expect(await read(client, other.id)).toMatchObject({ status: "settled", confirmations: 0 });
  });

  it("expires a short payment as paid_partial, for the operator, crediting nothing", async () => {
    const { client, id: userId } = await investor();
    const made = await invoice(client);
    chain.pay(made.address, 400_000);
    chain.mine(2);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "processing", receivedBtc: "0.00400000" });
    server.clock.advance(16 * MINUTE);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "expired", exception: "paid_partial", receivedBtc: "0.00400000" });
    expect(await journals(made.id)).toBe(0);
    expect(await balance(client)).toBe(0);
    expect(await notices(userId, "deposit_needs_review")).toEqual([expect.objectContaining({ body: expect.stringContaining("0.00400000 BTC of the 0.01000000 BTC") })]);
    await watch();
    expect(await notices(userId, "deposit_needs_review")).toHaveLength(1);
  });

  it("expires an unpaid invoice, then marks a payment first seen after expiry paid_late, crediting nothing", async () => {
    const { client, id: userId } = await investor();
    const made = await invoice(client);
    server.clock.advance(16 * MINUTE);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "expired", exception: null });
    expect(await notices(userId, "deposit_needs_review")).toHaveLength(0);

    chain.pay(made.address, 1_000_000);
    chain.mine(2);
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "expired", exception: "paid_late", receivedBtc: "0.01000000" });
    expect(await journals(made.id)).toBe(0);
    expect(await balance(client)).toBe(0);
    expect(await notices(userId, "deposit_needs_review")).toEqual([expect.objectContaining({ body: expect.stringContaining("after it expired") })]);

    // Paid in full but first seen after expiry, before any run saw it expire: late all the same.
    const unseen = await invoice(client);
    server.clock.advance(16 * MINUTE);
    chain.pay(unseen.address, 1_000_000);
    chain.mine(2);
    await watch();
    expect(await read(client, unseen.id)).toMatchObject({ status: "expired", exception: "paid_late" });
    expect(await journals(unseen.id)).toBe(0);
    expect(await balance(client)).toBe(0);

    // Past the monitoring window it is no longer read.
    const open = await countOpenInvoices(database.handle.db, server.clock.now(), 24);
    server.clock.advance(25 * 60 * MINUTE);
    expect(await countOpenInvoices(database.handle.db, server.clock.now(), 24)).toBeLessThan(open);
  });

  it("changes nothing while a source is down or the sources disagree", async () => {
    const { client } = await investor();
    const made = await invoice(client);
    const txid = chain.pay(made.address, 1_000_000);
    chain.mine(2);
    stubs.b.behaviour = "down";
    try {
      const summary = await watch();
      expect(summary.agreed).toBe(0);
      expect(await read(client, made.id)).toMatchObject({ status: "new", receivedBtc: "0.00000000" });
    } finally {
      stubs.b.behaviour = "up";
    }
    const liar = chain.clone();
    liar.misreport(txid, made.address, 5_000_000);
    stubs.b.chain = liar;
    try {
      await watch();
      expect(await read(client, made.id)).toMatchObject({ status: "new", receivedBtc: "0.00000000" });
      expect(await balance(client)).toBe(0);
    } finally {
      stubs.b.chain = chain;
    }
    await watch();
    expect(await read(client, made.id)).toMatchObject({ status: "settled", receivedCents: 65_000 });
  });

  it("credits once when two watchers run at the same time", async () => {
    const { client } = await investor();
    const made = [await invoice(client), await invoice(client), await invoice(client)];
    for (const one of made) chain.pay(one.address, 1_000_000);
    chain.mine(2);
    const runs = await Promise.all([watch(), watch(), watch()]);
    expect(runs.reduce((sum, run) => sum + run.credited, 0)).toBe(3);
    for (const one of made) expect(await journals(one.id)).toBe(1);
    expect(await balance(client)).toBe(3 * 65_000);
  });

  it("shows in the history once: a settled invoice as its credit, an open one as pending, an expired one as expired", async () => {
    const { client } = await investor();
    const paid = await invoice(client);
    const open = await invoice(client);
    chain.pay(paid.address, 1_000_000);
    chain.mine(2);
    await watch();
    expect(await read(client, paid.id)).toMatchObject({ status: "settled" });
    const entries = async () =>
      ((await (await client.get("/api/transactions?limit=100")).json()).items as Array<{ event: string; reference: string; status: string }>).map((entry) => [entry.event, entry.reference, entry.status]);
    expect(await entries()).toEqual([
      ["deposit_pending", open.reference, "pending"],
      ["deposit_confirmed", paid.reference, "completed"],
    ]);
    server.clock.advance(16 * MINUTE);
    await watch();
    expect((await entries())[0]).toEqual(["deposit_expired", open.reference, "expired"]);
  });

  it("leaves invoices alone when the manual deposits' expiry runs", async () => {
    const { client } = await investor();
    const made = await invoice(client);
    await expireDeposits(database.handle.db, new Date(server.clock.now().getTime() + 30 * 86_400_000));
    expect(await read(client, made.id)).toMatchObject({ status: "new", exception: null });
  });

  it("refuses an operator's confirmation of an open invoice", async () => {
    const { client } = await investor();
    const made = await invoice(client);
    const { confirmDeposit } = await import("#server/services/deposits/decide-deposit.js");
    await expect(database.handle.db.transaction((tx) => confirmDeposit(tx, server.config.deposits, "someone-else", made.id, {}))).rejects.toThrow(/still open/);
  });
});

describe("the watcher job and /metrics", () => {
  it("shows open invoices, and a second server's scheduled watcher credits what it finds, once", async () => {
    const { client } = await investor();
    const scrape = async () => samples(await (await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })).text());
    const before = (await scrape()).get("termvest_invoices_open")!;
    const made = await invoice(client);
    expect((await scrape()).get("termvest_invoices_open")).toBe(before + 1);

    chain.pay(made.address, 1_000_000);
    chain.mine(2);
    const second = await startTestServer(database.handle, env({ BITCOIN_POLL_SECONDS: "1" }));
    try {
      second.clock.advance(server.clock.now().getTime() - second.clock.now().getTime());
      const deadline = Date.now() + 15_000;
      while ((await read(client, made.id)).status !== "settled" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await read(client, made.id)).toMatchObject({ status: "settled" });
      await watch();
      expect(await journals(made.id)).toBe(1);
      expect((await scrape()).get("termvest_invoices_open")).toBe(before);
    } finally {
      await second.close();
    }
  });
});
