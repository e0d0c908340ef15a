import { describe, expect, it } from "vitest";
import { annualEquivalentBasisPoints, applyRate, formatAnnualEquivalent, formatCents, formatRate, formatWholeDollars, parseAmount } from "./money.js";

describe("formatCents", () => {
  it.each([
    [0n, "$0.00"],
    [5n, "$0.05"],
    [123456n, "$1,234.56"],
    [100000000n, "$1,000,000.00"],
    [-2550n, "-$25.50"],
    [900719925474099312n, "$9,007,199,254,740,993.12"],
  ])("%s → %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("formatWholeDollars", () => {
  it("drops .00 only when there are no cents", () => {
    expect(formatWholeDollars(100000n)).toBe("$1,000");
    expect(formatWholeDollars(100050n)).toBe("$1,000.50");
  });
});

describe("parseAmount", () => {
  it.each([
    ["1000", 100000n],
    ["1,000.5", 100050n],
    [" 0.01 ", 1n],
    [".5", 50n],
    ["12.", 1200n],
  ])("%s → %s cents", (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "invalid"],
    ["abc", "invalid"],
    ["1e3", "invalid"],
    ["0", "not-positive"],
    ["-5", "not-positive"],
    ["1.005", "too-precise"],
  ])("refuses %j (%s)", (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });
});

describe("applyRate", () => {
  it("multiplies in integers and rounds half up to the cent", () => {
    expect(applyRate(100000n, 1000)).toBe(10000n);
    expect(applyRate(5n, 1000)).toBe(1n); // 0.5 cent rounds up
    expect(applyRate(4n, 1000)).toBe(0n); // 0.4 cent rounds down
    expect(applyRate(333333n, 1500)).toBe(50000n); // 49,999.95 → 50,000
    expect(applyRate(0n, 2000)).toBe(0n);
  });

  it("refuses a negative amount", () => {
    expect(() => applyRate(-1n, 1000)).toThrow(RangeError);
  });
});

describe("formatRate", () => {
  it("shows whole and fractional percentages", () => {
    expect(formatRate(1000)).toBe("10%");
    expect(formatRate(1250)).toBe("12.5%");
    expect(formatRate(1275)).toBe("12.75%");
  });
});

describe("annual equivalent rate", () => {
  it("annualises a term rate simply (rate × 365 / days), rounded down to the basis point", () => {
    expect(annualEquivalentBasisPoints(1000, 14)).toBe(26071);
    expect(annualEquivalentBasisPoints(1200, 20)).toBe(21900);
    expect(annualEquivalentBasisPoints(500, 365)).toBe(500);
    expect(annualEquivalentBasisPoints(2000, 45)).toBe(16222);
  });

  it("reads as an approximation that never overstates", () => {
    expect(formatAnnualEquivalent(1000, 14)).toBe("≈ 260% a year");
    expect(formatAnnualEquivalent(1500, 30)).toBe("≈ 182% a year");
    expect(formatAnnualEquivalent(1800, 40)).toBe("≈ 164% a year");
    expect(formatAnnualEquivalent(500, 365)).toBe("≈ 5% a year");
    expect(formatAnnualEquivalent(125, 100)).toBe("≈ 4.5% a year");
  });

  it("refuses a term that is not a positive whole number of days", () => {
    expect(() => annualEquivalentBasisPoints(1000, 0)).toThrow(RangeError);
    expect(() => annualEquivalentBasisPoints(1000, 1.5)).toThrow(RangeError);
  });
});
