import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "#server/clock.js";
import { createMetrics } from "#server/http/metrics.js";
import { createChainSources } from "#server/services/bitcoin/esplora/chain-sources.js";
import { ChainSourceStats } from "#server/services/bitcoin/esplora/source-stats.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { startEsploraServer, TestChain, type EsploraServer } from "./helpers/esplora-server.js";
import { OPERATOR_ENV, startTestServer } from "./helpers/test-server.js";
import { samples } from "./helpers/prometheus-text.js";

/**
 * Crypto deposits' mode at start (automatic or manual) as the server logs it, and the chain
 * sources' figures on /metrics. Invoices themselves: tests/invoices.test.ts.
 */

const ZPUB = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const TOKEN = "metrics-token-for-the-crypto-test-0123";
const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

let database: TestDatabase;
let esplora: EsploraServer;

beforeAll(async () => {
  database = await createTestDatabase();
  esplora = await startEsploraServer(new TestChain(850_000));
});
afterAll(async () => {
  await esplora.close();
  await database.dispose();
});

const lines = (logs: string[]) => logs.map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });

describe("crypto deposits at start", () => {
  it("says in production that they are automatic, warns about a single source, and shows it on /metrics", async () => {
    const server = await startTestServer(database.handle, {
      NODE_ENV: "production",
      AUTH_SECRET: "p".repeat(40),
      METRICS_TOKEN: TOKEN,
      BITCOIN_XPUB: ZPUB,
      BITCOIN_ESPLORA_URLS: `${esplora.url}/`,
      BTC_RATE_SOURCES: "kraken=http://127.0.0.1:9/,coinbase=http://rates.internal.example:8080",
      BITCOIN_CONFIRMATIONS: "2",
      ...OPERATOR_ENV,
    });
    try {
      const said = lines(server.logs).filter((line) => String(line.msg).startsWith("crypto deposits"));
      expect(said).toEqual([
        expect.objectContaining({
          level: 30,
          msg: "crypto deposits: automatic (invoices at a locked rate, credited once paid and confirmed; a short or late payment waits in the deposit queue for an operator's decision)",
          cryptoDeposits: "automatic",
          chainSources: [esplora.url],
          rateSources: ["kraken=http://127.0.0.1:9", "coinbase=http://rates.internal.example:8080"],
          confirmations: 2,
          invoiceMinutes: 15,
          monitorHours: 24,
          pollSeconds: 30,
        }),
        expect.objectContaining({
          level: 40,
          msg: "crypto deposits: only one chain source is configured (BITCOIN_ESPLORA_URLS); payments will be credited on its word alone",
          chainSource: esplora.url,
        }),
        expect.objectContaining({
          level: 40,
          msg: "crypto deposits: some sources are read over plain http to another machine; anyone on the way could forge a payment or a price (use https, or a source on this machine)",
          plainHttp: ["http://rates.internal.example:8080"],
        }),
      ]);
      const metrics = samples(await (await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })).text());
      expect(metrics.get(`termvest_chain_source_errors_total{source="${esplora.url}"}`)).toBe(0);
      expect(metrics.get(`termvest_chain_tip_height{source="${esplora.url}"}`)).toBeNaN();
    } finally {
      await server.close();
    }
  });

  it("says they are manual, and what is missing, when only part of the automatic settings is given", async () => {
    const server = await startTestServer(database.handle, { METRICS_TOKEN: TOKEN, BITCOIN_ESPLORA_URLS: esplora.url });
    try {
      expect(lines(server.logs).filter((line) => String(line.msg).startsWith("crypto deposits"))).toEqual([
        expect.objectContaining({ level: 30, msg: "crypto deposits: manual (an operator confirms each one)" }),
        expect.objectContaining({
          level: 40,
          msg: "crypto deposits stay manual: BITCOIN_ESPLORA_URLS set without BITCOIN_XPUB and BTC_RATE_SOURCES; automatic ones need BITCOIN_XPUB, BITCOIN_ESPLORA_URLS and BTC_RATE_SOURCES",
        }),
      ]);
      const text = await (await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
      expect(text).not.toContain("termvest_chain_");
    } finally {
      await server.close();
    }
  });
});

describe("chain source metrics", () => {
  it("count each source's failed reads and show its last tip, labelled by its configured URL", async () => {
    const down = "http://127.0.0.1:9";
    const stats = new ChainSourceStats([esplora.url, down]);
    const metrics = createMetrics({ token: TOKEN, database: database.handle, clock: systemClock, sources: { chainSources: () => stats.snapshot() } });
    const app = new Hono().get("/metrics", metrics.serve);
    const scrape = async () => samples(await (await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })).text());

    const chain = createChainSources({ urls: [esplora.url, down], stats, timeoutMs: 1_000 });
    expect((await chain.readAddress(ADDRESS)).kind).toBe("unavailable");
    expect((await chain.readAddress(ADDRESS)).kind).toBe("unavailable");
    esplora.chain.mine(3);
    expect((await chain.readAddress(ADDRESS)).kind).toBe("unavailable");

    const figures = await scrape();
    expect(figures.get(`termvest_chain_source_errors_total{source="${esplora.url}"}`)).toBe(0);
    expect(figures.get(`termvest_chain_source_errors_total{source="${down}"}`)).toBe(3);
    expect(figures.get(`termvest_chain_tip_height{source="${esplora.url}"}`)).toBe(850_003);
    expect(figures.get(`termvest_chain_tip_height{source="${down}"}`)).toBeNaN();
    // Scraping again shows the same totals (the counter mirrors the counts, it does not add them up again).
    expect((await scrape()).get(`termvest_chain_source_errors_total{source="${down}"}`)).toBe(3);
  });
});
