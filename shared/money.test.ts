import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualEquivalentBasisPoints,
  applyRate,
  centsToDecimal,
  centsToSatsRoundedUp,
  formatDecimalUsd,
  formatAnnualEquivalent,
  formatBtc,
  formatCents,
  formatRate,
  formatWholeDollars,
  MAX_SATS,
  parseAmount,
  parseBtc,
  parseUsdPrice,
  SATS_PER_BTC,
  satsToCentsRoundedDown,
} from "./money.js";

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

describe("formatDecimalUsd", () => {
  it("shows a decimal of dollars (an API's rateUsd) like any other amount", () => {
    expect(formatDecimalUsd("65432.10")).toBe("$65,432.10");
    expect(formatDecimalUsd("0.05")).toBe("$0.05");
    expect(formatDecimalUsd("-1234567.89")).toBe("-$1,234,567.89");
  });

  it("reads back every amount centsToDecimal writes", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        expect(formatDecimalUsd(centsToDecimal(cents))).toBe(formatCents(cents));
      }),
    );
  });

  it("refuses anything but a plain decimal with two places", () => {
    for (const bad of ["", "65432.1", "65432", "65,432.10", "6.5e4", " 1.00", "$1.00", "1.000"]) expect(() => formatDecimalUsd(bad), bad).toThrow(RangeError);
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

describe("bitcoin amounts", () => {
  // $65,432.10 a bitcoin.
  const RATE = 6_543_210n;

  it("asks for the satoshis that pay the dollars, rounded up, and credits what arrived, rounded down", () => {
    // $100 at $65,432.10: 152,830.53… satoshis, so 152,831 are asked for.
    expect(centsToSatsRoundedUp(10_000n, RATE)).toBe(152_831n);
    expect(satsToCentsRoundedDown(152_831n, RATE)).toBe(10_000n); // $100.0000…35, down to the cent
    expect(satsToCentsRoundedDown(152_830n, RATE)).toBe(9_999n); // one satoshi short is short
    expect(centsToSatsRoundedUp(0n, RATE)).toBe(0n);
    // Exact divisions are not rounded: $50,000 a bitcoin, $500 is exactly 0.01 BTC.
    expect(centsToSatsRoundedUp(50_000n, 5_000_000n)).toBe(1_000_000n);
    expect(satsToCentsRoundedDown(1_000_000n, 5_000_000n)).toBe(50_000n);
    expect(satsToCentsRoundedDown(SATS_PER_BTC, RATE)).toBe(RATE);
  });

  it("refuses a rate that is not positive and amounts below zero", () => {
    expect(() => centsToSatsRoundedUp(100n, 0n)).toThrow(RangeError);
    expect(() => satsToCentsRoundedDown(100n, -1n)).toThrow(RangeError);
    expect(() => centsToSatsRoundedUp(-1n, RATE)).toThrow(RangeError);
    expect(() => satsToCentsRoundedDown(-1n, RATE)).toThrow(RangeError);
  });

  it.each([
    [0n, "0.00000000"],
    [1n, "0.00000001"],
    [152_831n, "0.00152831"],
    [SATS_PER_BTC, "1.00000000"],
    [123_456_789_012n, "1234.56789012"],
    [MAX_SATS, "21000000.00000000"],
  ])("formats %s satoshis as %s and reads it back", (sats, text) => {
    expect(formatBtc(sats)).toBe(text);
    expect(parseBtc(text)).toBe(sats);
  });

  it("reads only plain bitcoin decimals of at most 8 places, up to 21 million", () => {
    expect(parseBtc("0.5")).toBe(50_000_000n);
    expect(parseBtc("2")).toBe(200_000_000n);
    for (const bad of ["", ".5", "1.", "0.000000001", "-1", "1e-8", " 1", "1,5", "21000000.00000001", "0x10"]) expect(parseBtc(bad), bad).toBeNull();
  });

  it.each([
    ["65432.10000", 6_543_210n],
    ["65432.1", 6_543_210n],
    ["65432", 6_543_200n],
    ["65432.105", 6_543_211n], // half a cent rounds up
    ["65432.10499999", 6_543_210n],
    ["0.01", 1n],
    ["0.005", 1n],
  ])("reads the exchange price %s as %s cents a bitcoin", (text, cents) => {
    expect(parseUsdPrice(text)).toBe(cents);
  });

  it("refuses prices that are not plain positive decimals", () => {
    for (const bad of ["", "0", "0.00", "0.004", "-65432.10", "6.5e4", "65,432.10", " 65432", "NaN", "Infinity", "1000000001", "65432.1234567890123"]) {
      expect(parseUsdPrice(bad), bad).toBeNull();
    }
  });

  // Rates from $1 to $10 million a bitcoin; amounts up to $10 million and all the bitcoin there is.
  const rate = fc.bigInt({ min: 100n, max: 1_000_000_000n });
  const cents = fc.bigInt({ min: 0n, max: 1_000_000_000n });
  const sats = fc.bigInt({ min: 0n, max: MAX_SATS });

  it("an invoice paid exactly is credited at least its dollars, and asks for no satoshi more than needed", () => {
    fc.assert(
      fc.property(cents, rate, (amount, price) => {
        const asked = centsToSatsRoundedUp(amount, price);
        expect(satsToCentsRoundedDown(asked, price)).toBeGreaterThanOrEqual(amount);
        // One satoshi less would not pay the dollars.
        if (asked > 0n) expect((asked - 1n) * price).toBeLessThan(amount * SATS_PER_BTC);
        // While a satoshi is worth less than a cent, the credit is the invoice's dollars exactly.
        if (price <= SATS_PER_BTC) expect(satsToCentsRoundedDown(asked, price)).toBe(amount);
      }),
    );
  });

  it("a credit is never worth more than the bitcoin that arrived, and falls short of it by less than a cent", () => {
    fc.assert(
      fc.property(sats, rate, (arrived, price) => {
        const credit = satsToCentsRoundedDown(arrived, price);
        expect(credit * SATS_PER_BTC).toBeLessThanOrEqual(arrived * price);
        expect((credit + 1n) * SATS_PER_BTC).toBeGreaterThan(arrived * price);
        // The credit, turned back into bitcoin at the same rate, never asks for more than arrived.
        expect(centsToSatsRoundedUp(credit, price)).toBeLessThanOrEqual(arrived);
      }),
    );
  });

  it("formats and reads back every amount of bitcoin", () => {
    fc.assert(
      fc.property(sats, (amount) => {
        const text = formatBtc(amount);
        expect(text).toMatch(/^\d+\.\d{8}$/);
        expect(parseBtc(text)).toBe(amount);
      }),
    );
  });
});
