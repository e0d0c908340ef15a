import { describe, expect, it } from "vitest";
import { parseRatePercent, rateInputValue } from "./rate.js";

describe("parseRatePercent", () => {
  it("turns percent text into whole basis points without floats", () => {
    expect(parseRatePercent("12.5")).toEqual({ ok: true, basisPoints: 1250 });
    expect(parseRatePercent("10")).toEqual({ ok: true, basisPoints: 1000 });
    expect(parseRatePercent(" 0.07 % ")).toEqual({ ok: true, basisPoints: 7 });
    expect(parseRatePercent(".5")).toEqual({ ok: true, basisPoints: 50 });
    expect(parseRatePercent("12.")).toEqual({ ok: true, basisPoints: 1200 });
    // 0.29 × 100 is 28.999999999999996 in floating point; string arithmetic gives 29.
    expect(parseRatePercent("0.29")).toEqual({ ok: true, basisPoints: 29 });
    expect(parseRatePercent("1000")).toEqual({ ok: true, basisPoints: 100_000 });
  });

  it("refuses what is not a rate", () => {
    for (const text of ["", "abc", "-5", "1e2", "12,5", "1.2.3", "."]) expect(parseRatePercent(text).ok, text).toBe(false);
    expect(parseRatePercent("12.345")).toEqual({ ok: false, message: "Use at most two decimal places." });
    expect(parseRatePercent("0")).toEqual({ ok: false, message: "The rate must be above 0%." });
  });

  it("round-trips the field's starting value", () => {
    for (const bp of [1, 50, 1000, 1250, 1299, 100_000]) expect(parseRatePercent(rateInputValue(bp))).toEqual({ ok: true, basisPoints: bp });
  });
});
