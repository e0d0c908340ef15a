import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#server/clock.js";
import { createBtcRateService, RateUnavailableError } from "#server/services/bitcoin/rates/btc-rate.js";
import { askRateSource, type RateSourceSetting } from "#server/services/bitcoin/rates/sources.js";
import { startRateServer, type RateServer } from "./helpers/rate-servers.js";

/**
 * The bitcoin rate an invoice is locked at, against Kraken- and Coinbase-shaped servers the test
 * controls (tests/helpers/rate-servers.ts), with a clock the test moves.
 */

class ManualClock implements Clock {
  private at = Date.parse("2030-01-01T12:00:00Z");
  now = () => new Date(this.at);
  advance(ms: number) {
    this.at += ms;
  }
}

let kraken: RateServer;
let coinbase: RateServer;
let krakenMirror: RateServer;
const all = () => [kraken, coinbase, krakenMirror];

beforeAll(async () => {
  [kraken, coinbase, krakenMirror] = await Promise.all([startRateServer("kraken", "65432.10000"), startRateServer("coinbase", "65500.005"), startRateServer("kraken", "65400.0")]);
});
afterAll(async () => {
  await Promise.all(all().map((server) => server.close()));
});
afterEach(() => {
  for (const server of all()) {
    server.behaviour = "up";
    server.refusing = false;
    server.ageSeconds = 0;
  }
  kraken.price = "65432.10000";
  coinbase.price = "65500.005";
  krakenMirror.price = "65400.0";
});

const setting = (server: RateServer): RateSourceSetting => ({ name: server.kind, baseUrl: server.url });
const service = (servers: RateServer[], clock: Clock = new ManualClock(), timeoutMs = 1_000) => createBtcRateService({ sources: servers.map(setting), clock, timeoutMs });
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RateUnavailableError);
  return error as RateUnavailableError;
};

describe("the rate sources", () => {
  it("read Kraken's last trade price c[0] and Coinbase's spot amount, in cents a bitcoin", async () => {
    await expect(askRateSource(setting(kraken), 1_000)).resolves.toEqual({ centsPerBtc: 6_543_210n, ageSeconds: 0 });
    await expect(askRateSource(setting(coinbase), 1_000)).resolves.toEqual({ centsPerBtc: 6_550_001n, ageSeconds: 0 });
    expect(kraken.hits).toBeGreaterThan(0);
  });

  it("say why a source's answer was not used", async () => {
    const reason = (server: RateServer) => askRateSource(setting(server), 300).then(() => "answered", (error: { reason?: string }) => error.reason);
    kraken.refusing = true;
    coinbase.refusing = true;
    expect(await reason(kraken)).toBe("answered an error (EAPI:Rate limit exceeded)");
    expect(await reason(coinbase)).toBe("answered HTTP 429");
    kraken.refusing = false;
    coinbase.refusing = false;
    for (const server of [kraken, coinbase]) {
      server.behaviour = "garbage";
      expect(await reason(server)).toBe("answered something that is not JSON");
      server.behaviour = "error";
      expect(await reason(server)).toBe("answered HTTP 503");
      server.behaviour = "hang";
      expect(await reason(server)).toBe("did not answer within 0.3 s");
      server.behaviour = "down";
      expect(await reason(server)).toMatch(/^could not be reached \(/);
    }
    kraken.behaviour = "wrong-shape";
    expect(await reason(kraken)).toMatch(/^answered JSON of an unexpected shape \(result\.XXBTZUSD\.c: /);
    coinbase.behaviour = "wrong-shape";
    expect(await reason(coinbase)).toMatch(/^answered JSON of an unexpected shape \(data\.amount: /);
    coinbase.behaviour = "up";
    coinbase.price = "-1";
    expect(await reason(coinbase)).toBe("answered JSON of an unexpected shape (data.amount: is not a positive decimal price)");
  });
});

describe("createBtcRateService", () => {
  it("takes the median of three sources, and the mean of two", async () => {
    // 65,400.00, 65,432.10 and 65,500.01: the median is Kraken's.
    expect((await service(all()).current()).centsPerBtc).toBe(6_543_210n);
    // (65,432.10 + 65,500.01) / 2 = 65,466.055 → 65,466.06.
    const two = await service([kraken, coinbase]).current();
    expect(two.centsPerBtc).toBe(6_546_606n);
    expect(two.answers.map((answer) => answer.source.name)).toEqual(["kraken", "coinbase"]);
  });

  it("leaves out a source that is down, slow, refusing or answering garbage, and uses the others", async () => {
    for (const behaviour of ["down", "hang", "garbage", "wrong-shape", "error"] as const) {
      coinbase.behaviour = behaviour;
      const rate = await service(all(), new ManualClock(), 300).current();
      expect(rate.centsPerBtc, behaviour).toBe(6_541_605n); // mean of 65,400.00 and 65,432.10
      expect(rate.answers.map((answer) => answer.source.baseUrl)).toEqual([kraken.url, krakenMirror.url]);
    }
    coinbase.behaviour = "up";
    coinbase.refusing = true;
    expect((await service(all()).current()).centsPerBtc).toBe(6_541_605n);
  });

  it("answers 503 RATE_UNAVAILABLE when no source answers within its deadline", async () => {
    for (const server of all()) server.behaviour = "hang";
    const started = Date.now();
    const error = await refusal(service(all(), new ManualClock(), 400).current());
    // The sources are asked at once, each with its own deadline: one wait, not three.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ code: "RATE_UNAVAILABLE", status: 503, reason: "no-answer" });
    expect(error.detail).toEqual(all().map((server) => `${server.kind} ${server.url}: did not answer within 0.4 s`));
  });

  it("refuses when the sources differ by more than 1 %", async () => {
    coinbase.price = "66200.00"; // 65,400 to 66,200 is 1.22 % of the median 65,432.10
    expect((await refusal(service(all()).current())).reason).toBe("spread");
    coinbase.price = "66054.00"; // 654.00 ≤ 1 % of 65,432.10
    expect((await service(all()).current()).centsPerBtc).toBe(6_543_210n);
  });

  it("refuses answers a cache in front of the source kept for more than 60 seconds", async () => {
    for (const server of all()) server.ageSeconds = 61;
    expect((await refusal(service(all()).current())).reason).toBe("stale");
    // One fresh source is enough; the stale ones are left out.
    coinbase.ageSeconds = 0;
    const rate = await service(all()).current();
    expect(rate.centsPerBtc).toBe(6_550_001n);
  });

  it("keeps an accepted rate for 60 seconds after its oldest answer, then asks again", async () => {
    const clock = new ManualClock();
    const rates = service([kraken, coinbase], clock);
    const hits = () => kraken.hits + coinbase.hits;
    const before = hits();
    const first = await rates.current();
    expect(hits() - before).toBe(2);

    kraken.price = "70000.00";
    clock.advance(60_000);
    expect(await rates.current()).toBe(first); // 60 s: still the kept rate, nothing asked
    expect(hits() - before).toBe(2);

    clock.advance(1);
    coinbase.price = "70010.00";
    expect((await rates.current()).centsPerBtc).toBe(7_000_500n);
    expect(hits() - before).toBe(4);
  });

  it("counts the age of a cached answer against the 60 seconds", async () => {
    const clock = new ManualClock();
    coinbase.ageSeconds = 45;
    const rates = service([kraken, coinbase], clock);
    const first = await rates.current();
    expect(first.observedAt).toEqual(new Date(clock.now().getTime() - 45_000));
    clock.advance(15_000);
    expect(await rates.current()).toBe(first);
    clock.advance(1);
    expect(await rates.current()).not.toBe(first);
  });

  it("asks the sources once for callers that come while they are being asked", async () => {
    const rates = service([kraken, coinbase]);
    const before = kraken.hits;
    const answers = await Promise.all(Array.from({ length: 20 }, () => rates.current()));
    expect(new Set(answers).size).toBe(1);
    expect(kraken.hits - before).toBe(1);
  });

  it("does not keep a refusal: the next call asks again", async () => {
    const rates = service([kraken, coinbase]);
    kraken.behaviour = "down";
    coinbase.behaviour = "down";
    expect((await refusal(rates.current())).reason).toBe("no-answer");
    kraken.behaviour = "up";
    coinbase.behaviour = "up";
    expect((await rates.current()).centsPerBtc).toBe(6_546_606n);
  });
});
