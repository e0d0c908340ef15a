import { describe, expect, it } from "vitest";
import { checkAmount, EMPTY_AMOUNT_MESSAGE } from "./amount.js";

const limits = { minCents: 1_000, maxCents: 10_000_000 };

describe("checkAmount", () => {
  it("turns dollars into cents", () => {
    expect(checkAmount("250", limits)).toEqual({ ok: true, cents: 25_000 });
    expect(checkAmount("1,000.5", limits)).toEqual({ ok: true, cents: 100_050 });
    expect(checkAmount("10", limits)).toEqual({ ok: true, cents: 1_000 });
  });

  it("says what is wrong", () => {
    expect(checkAmount("  ", limits)).toEqual({ ok: false, message: EMPTY_AMOUNT_MESSAGE });
    expect(checkAmount("abc", limits)).toMatchObject({ ok: false, message: expect.stringContaining("in dollars") });
    expect(checkAmount("0", limits)).toMatchObject({ ok: false, message: "The amount must be more than zero." });
    expect(checkAmount("1.005", limits)).toMatchObject({ ok: false, message: "Use at most two decimal places." });
    expect(checkAmount("9.99", limits)).toEqual({ ok: false, message: "The smallest deposit is $10.00." });
    expect(checkAmount("100000.01", limits)).toEqual({ ok: false, message: "The largest deposit is $100,000.00." });
  });

  it("checks only the format before the limits are known", () => {
    expect(checkAmount("1")).toEqual({ ok: true, cents: 100 });
  });
});
