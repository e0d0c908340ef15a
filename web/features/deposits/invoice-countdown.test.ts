import { describe, expect, it } from "vitest";
import { btcToSats, countdownMilestone, formatCountdown, satsToBtc } from "./invoice-countdown.js";

describe("formatCountdown", () => {
  it("writes minutes and seconds under an hour, hours above, rounding up to the second", () => {
    expect(formatCountdown(15 * 60_000)).toBe("15:00");
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe("14:05");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(formatCountdown(9_000)).toBe("0:09");
    expect(formatCountdown(400)).toBe("0:01");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
    expect(formatCountdown(24 * 3_600_000)).toBe("24:00:00");
  });

  it("never goes below zero", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5_000)).toBe("0:00");
  });
});

describe("countdownMilestone", () => {
  it("changes only at five minutes, one minute and expiry", () => {
    expect(countdownMilestone(10 * 60_000)).toBe("");
    expect(countdownMilestone(5 * 60_000 + 1)).toBe("");
    expect(countdownMilestone(5 * 60_000)).toBe(countdownMilestone(61_000));
    expect(countdownMilestone(60_000)).toMatch(/Less than a minute/);
    expect(countdownMilestone(0)).toBe("The invoice has expired.");
  });
});

describe("btcToSats / satsToBtc", () => {
  it("reads and writes the server's 8-place decimals", () => {
    expect(btcToSats("0.00382063")).toBe(382_063n);
    expect(btcToSats("1.5")).toBe(150_000_000n);
    expect(satsToBtc(200_000n)).toBe("0.00200000");
    expect(satsToBtc(btcToSats("12.34567891"))).toBe("12.34567891");
  });
});
