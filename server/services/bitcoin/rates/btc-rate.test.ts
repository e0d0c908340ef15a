import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "#shared/errors.js";
import { combineAnswers, medianCents, RateUnavailableError, type RateAnswer } from "./btc-rate.js";

const NOW = new Date("2030-01-01T12:00:00Z");
const answer = (centsPerBtc: bigint, secondsOld = 0, name: "kraken" | "coinbase" = "kraken"): RateAnswer => ({
  source: { name, baseUrl: `https://${name}-${centsPerBtc}.example` },
  centsPerBtc,
  observedAt: new Date(NOW.getTime() - secondsOld * 1000),
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RateUnavailableError) return error;
    throw error;
  }
  throw new Error("no refusal");
};

describe("medianCents", () => {
  it("takes the middle price, or the mean of the middle two rounded half up", () => {
    expect(medianCents([6_500_000n])).toBe(6_500_000n);
    expect(medianCents([6_500_300n, 6_500_000n, 6_499_000n])).toBe(6_500_000n);
    expect(medianCents([6_500_000n, 6_500_001n])).toBe(6_500_001n); // 6,500,000.5 → up
    expect(medianCents([6_500_000n, 6_500_002n])).toBe(6_500_001n);
    expect(medianCents([4n, 1n, 3n, 2n])).toBe(3n); // (2 + 3) / 2 = 2.5 → 3
    expect(() => medianCents([])).toThrow(RangeError);
  });
});

describe("combineAnswers", () => {
  it("accepts prices within 1 % of each other: the median, dated by the oldest answer used", () => {
    const rate = combineAnswers([answer(6_543_210n, 5), answer(6_550_000n, 20, "coinbase"), answer(6_540_000n, 0)], NOW);
    expect(rate.centsPerBtc).toBe(6_543_210n);
    expect(rate.observedAt).toEqual(new Date(NOW.getTime() - 20_000));
    expect(rate.answers).toHaveLength(3);
    expect(combineAnswers([answer(6_500_000n), answer(6_510_000n, 0, "coinbase")], NOW).centsPerBtc).toBe(6_505_000n);
  });

  it("accepts a spread of exactly 1 % of the median and refuses one a cent wider", () => {
    // Median of 9,950,000 and 10,050,000 is 10,000,000; the spread 100,000 is exactly 1 %.
    expect(combineAnswers([answer(9_950_000n), answer(10_050_000n, 0, "coinbase")], NOW).centsPerBtc).toBe(10_000_000n);
    const wide = refusal(() => combineAnswers([answer(9_950_000n), answer(10_050_001n, 0, "coinbase")], NOW));
    expect(wide.reason).toBe("spread");
    expect(wide.detail.join("\n")).toContain("10050001 cents");
  });

  it("refuses when nothing answered, saying why each source failed", () => {
    const none = refusal(() => combineAnswers([], NOW, undefined, ["kraken https://k.example: did not answer within 5 s"]));
    expect(none).toMatchObject({ code: "RATE_UNAVAILABLE", reason: "no-answer", retryAfterSeconds: 30 });
    expect(none.status).toBe(503);
    expect(ERROR_STATUS.RATE_UNAVAILABLE).toBe(503);
    expect(none.message).toBe("We cannot price bitcoin right now: the exchanges we take the rate from did not answer. Please try again in a minute.");
    expect(none.detail).toEqual(["kraken https://k.example: did not answer within 5 s"]);
  });

  it("never uses an answer older than 60 seconds, and refuses when the freshest is older", () => {
    // At 60 s an answer is still current; at 61 s it no longer counts.
    expect(combineAnswers([answer(6_500_000n, 60)], NOW).centsPerBtc).toBe(6_500_000n);
    const stale = refusal(() => combineAnswers([answer(6_500_000n, 61), answer(6_500_100n, 300, "coinbase")], NOW));
    expect(stale.reason).toBe("stale");
    expect(stale.message).toMatch(/more than a minute old/);
    // A stale answer does not pull the median, nor widen the spread, beside a fresh one.
    const rate = combineAnswers([answer(6_500_000n, 0), answer(9_000_000n, 90, "coinbase")], NOW);
    expect(rate.centsPerBtc).toBe(6_500_000n);
    expect(rate.answers.map((used) => used.centsPerBtc)).toEqual([6_500_000n]);
  });
});
