import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChainSources, type ChainReading } from "#server/services/bitcoin/esplora/chain-sources.js";
import { readAddressFromSource } from "#server/services/bitcoin/esplora/esplora-client.js";
import { ChainSourceStats } from "#server/services/bitcoin/esplora/source-stats.js";
import { startEsploraServer, TestChain, type EsploraServer } from "./helpers/esplora-server.js";

/**
 * Reading an invoice's address from Esplora-compatible sources (tests/helpers/esplora-server.ts):
 * what one source says, and when all of them agree.
 */

// BIP84 test-vector receive addresses (m/84'/0'/0'/0/0 and /0/1).
const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const OTHER = "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g";

let chain: TestChain;
let first: EsploraServer;
let second: EsploraServer;

beforeAll(async () => {
  chain = new TestChain(850_000);
  [first, second] = await Promise.all([startEsploraServer(chain), startEsploraServer(chain)]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});
afterEach(() => {
  // Each test starts from one fresh chain both sources read, both up.
  chain = new TestChain(850_000);
  for (const server of [first, second]) {
    server.chain = chain;
    server.behaviour = "up";
  }
});

const sources = (stats?: ChainSourceStats, timeoutMs = 2_000) => createChainSources({ urls: [first.url, second.url], stats, timeoutMs });
const agreed = (reading: ChainReading) => {
  if (reading.kind !== "agreed") throw new Error(`expected agreement, got ${JSON.stringify(reading, (_key, value) => (typeof value === "bigint" ? String(value) : value))}`);
  return reading.payments;
};

describe("readAddressFromSource", () => {
  it("lists each payment to the address: its satoshis, confirmations and replace-by-fee signal", async () => {
    const final = chain.pay(ADDRESS, 152_831);
    const replaceable = chain.pay(ADDRESS, 40_000, { rbf: true, outputs: [{ address: ADDRESS, sats: 10_000 }, { address: OTHER, sats: 99_999 }] });
    chain.pay(OTHER, 70_000); // not to this address
    // 0xfffffffe enables the lock time without signalling replace-by-fee (BIP125).
    const locktimeOnly = chain.pay(ADDRESS, 1_000, { sequence: 0xfffffffe });
    let view = await readAddressFromSource(first.url, ADDRESS, { timeoutMs: 2_000 });
    expect(view.tipHeight).toBe(850_000);
    expect(view.payments).toEqual(
      [
        { txid: final, sats: 152_831n, confirmations: 0, blockHeight: null, blockTime: null, rbf: false },
        { txid: replaceable, sats: 50_000n, confirmations: 0, blockHeight: null, blockTime: null, rbf: true },
        { txid: locktimeOnly, sats: 1_000n, confirmations: 0, blockHeight: null, blockTime: null, rbf: false },
      ].sort((a, b) => (a.txid < b.txid ? -1 : 1)),
    );

    chain.confirm(final);
    chain.mine(2);
    view = await readAddressFromSource(first.url, ADDRESS, { timeoutMs: 2_000 });
    expect(view.tipHeight).toBe(850_003);
    const byId = new Map(view.payments.map((payment) => [payment.txid, payment]));
    expect(byId.get(final)).toMatchObject({ confirmations: 3, blockHeight: 850_001, rbf: false });
    expect(byId.get(final)?.blockTime).toBeInstanceOf(Date);
    expect(byId.get(replaceable)).toMatchObject({ confirmations: 2, blockHeight: 850_002, rbf: true });
    // Only the documented paths were asked.
    expect(new Set(first.requests.map((path) => path.replace(/[0-9a-z]{42}/, ":address")))).toEqual(new Set(["/address/:address/txs", "/blocks/tip/height"]));
  });

  it("pages through more than 25 confirmed transactions", async () => {
    const txids = Array.from({ length: 60 }, (_, i) => chain.pay(ADDRESS, 1_000 + i));
    chain.mine(1);
    chain.pay(ADDRESS, 5); // and one in the mempool
    const view = await readAddressFromSource(first.url, ADDRESS, { timeoutMs: 2_000 });
    expect(view.payments).toHaveLength(61);
    expect(new Set(view.payments.map((payment) => payment.txid))).toEqual(new Set([...txids, view.payments.find((p) => p.confirmations === 0)!.txid]));
    expect(first.requests.filter((path) => path.includes("/txs/chain/"))).toHaveLength(2);
  });

  it("refuses an answer whose transaction sits above the tip it reports", async () => {
    const txid = chain.pay(ADDRESS, 10_000);
    chain.confirm(txid);
    // The second source lists the payment in block 850,001 but reports the tip 850,000.
    const lying = new TestChain(850_000);
    Object.assign(lying, { addressTxs: chain.addressTxs.bind(chain) });
    second.chain = lying;
    await expect(readAddressFromSource(second.url, ADDRESS, { timeoutMs: 2_000 })).rejects.toMatchObject({ reason: `answered transaction ${txid} in block 850001, above its tip 850000` });
  });
});

describe("createChainSources", () => {
  it("agrees when every source sees the same payments, amounts and confirmations", async () => {
    const stats = new ChainSourceStats([first.url, second.url]);
    expect(agreed(await sources(stats).readAddress(ADDRESS))).toEqual([]);
    const txid = chain.pay(ADDRESS, 250_000, { rbf: true });
    expect(agreed(await sources(stats).readAddress(ADDRESS))).toEqual([{ txid, sats: 250_000n, confirmations: 0, blockHeight: null, blockTime: null, rbf: true }]);
    chain.confirm(txid);
    const [payment] = agreed(await sources(stats).readAddress(ADDRESS));
    expect(payment).toMatchObject({ txid, confirmations: 1, blockHeight: 850_001, rbf: true });
    expect(stats.snapshot()).toEqual([
      { source: first.url, errors: 0, tipHeight: 850_001 },
      { source: second.url, errors: 0, tipHeight: 850_001 },
    ]);
  });

  it("does not agree while one source has not seen a payment, or a block, the other has", async () => {
    const behind = chain.clone();
    second.chain = behind;
    const txid = chain.pay(ADDRESS, 100_000);
    let reading = await sources().readAddress(ADDRESS);
    expect(reading.kind).toBe("disagree");
    if (reading.kind !== "disagree") return;
    expect(reading.views.map((view) => [view.source, view.payments.length])).toEqual([
      [first.url, 1],
      [second.url, 0],
    ]);
    expect(reading.detail).toBe(`${first.url} (tip 850000) sees ${txid.slice(0, 12)}… 100000 sats, 0 conf | ${second.url} (tip 850000) sees no payment`);

    // Both see it now, but only the first has the block that confirms it.
    second.chain = chain.clone();
    chain.confirm(txid);
    reading = await sources().readAddress(ADDRESS);
    expect(reading.kind).toBe("disagree");

    // Both have it in the same block, but the first has seen one more block since: 2 confirmations against 1.
    second.chain = chain.clone();
    chain.mine(1);
    reading = await sources().readAddress(ADDRESS);
    expect(reading.kind).toBe("disagree");
    if (reading.kind === "disagree") expect(reading.views.map((view) => view.payments[0]?.confirmations)).toEqual([2, 1]);

    // A source that tells another amount for the same transaction is not believed either.
    const lying = chain.clone();
    lying.misreport(txid, ADDRESS, 100_001);
    second.chain = lying;
    expect((await sources().readAddress(ADDRESS)).kind).toBe("disagree");

    // The same amount to a different transaction is not the same payment either.
    second.chain = chain;
    expect(agreed(await sources().readAddress(ADDRESS))).toHaveLength(1);
    const other = chain.clone();
    other.reorg(1, { drop: [txid] });
    other.pay(ADDRESS, 100_000);
    other.mine(1);
    second.chain = other;
    expect((await sources().readAddress(ADDRESS)).kind).toBe("disagree");
  });

  it("changes nothing when a source is down, slow or answers garbage, and counts its errors", async () => {
    const stats = new ChainSourceStats([first.url, second.url]);
    chain.pay(ADDRESS, 100_000);
    for (const behaviour of ["down", "error", "garbage", "wrong-shape", "hang"] as const) {
      second.behaviour = behaviour;
      const reading = await sources(stats, 300).readAddress(ADDRESS);
      expect(reading.kind, behaviour).toBe("unavailable");
      if (reading.kind !== "unavailable") continue;
      expect(reading.failures.map((failure) => failure.source)).toEqual([second.url]);
      expect(reading.failures[0]!.reason, behaviour).toMatch(
        { down: /^could not be reached/, error: /^answered HTTP 503$/, garbage: /^answered something that is not JSON$/, "wrong-shape": /^answered JSON of an unexpected shape \(0\.txid: /, hang: /^did not answer within 0\.3 s$/ }[behaviour],
      );
    }
    expect(stats.snapshot()).toEqual([
      { source: first.url, errors: 0, tipHeight: 850_000 },
      { source: second.url, errors: 5, tipHeight: null },
    ]);
    second.behaviour = "up";
    expect(agreed(await sources(stats).readAddress(ADDRESS))).toHaveLength(1);
  });

  it("follows a reorganisation that takes a payment away, on every source", async () => {
    const txid = chain.pay(ADDRESS, 100_000);
    chain.confirm(txid);
    chain.mine(1);
    expect(agreed(await sources().readAddress(ADDRESS))).toMatchObject([{ txid, confirmations: 2 }]);
    // The two blocks are replaced by three; the payment was double-spent on the winning branch.
    chain.reorg(2, { drop: [txid] });
    expect(agreed(await sources().readAddress(ADDRESS))).toEqual([]);

    // A reorganisation that keeps it returns it to the mempool, then to a new block.
    const kept = chain.pay(ADDRESS, 70_000);
    chain.confirm(kept);
    chain.reorg(1);
    expect(agreed(await sources().readAddress(ADDRESS))).toMatchObject([{ txid: kept, confirmations: 0, blockHeight: null }]);
    chain.confirm(kept);
    expect(agreed(await sources().readAddress(ADDRESS))).toMatchObject([{ txid: kept, confirmations: 1, blockHeight: chain.tipHeight }]);
  });

  it("takes a single source's word alone", async () => {
    const txid = chain.pay(ADDRESS, 1_000);
    const one = createChainSources({ urls: [first.url] });
    expect(agreed(await one.readAddress(ADDRESS))).toMatchObject([{ txid, sats: 1_000n }]);
    expect(() => createChainSources({ urls: [] })).toThrow(RangeError);
  });
});
