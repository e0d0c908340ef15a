import { describe, expect, it } from "vitest";
import type { PlanDto } from "#shared/plans.js";
import { canAfford, checkInvestment, EMPTY_AMOUNT, NOT_ENOUGH } from "./check-investment.js";

const standard: PlanDto = { id: "standard", name: "Standard", minimumCents: 100_000, rateBasisPoints: 1_000, termDays: 14, features: ["a", "b"], earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 };

describe("checkInvestment", () => {
  it("gives the amount in cents, the profit and the total at maturity", () => {
    expect(checkInvestment(standard, "1,000", 100_000)).toEqual({ ok: true, amountCents: 100_000, principalCents: 100_000n, profitCents: 10_000n, totalCents: 110_000n });
    // Half-up to the cent, as the server settles: 1234.55 × 10% = 123.455 → 123.46.
    expect(checkInvestment(standard, "1234.55")).toMatchObject({ ok: true, profitCents: 12_346n, totalCents: 135_801n });
  });

  it("says what is wrong", () => {
    expect(checkInvestment(standard, " ", 500_000)).toEqual({ ok: false, message: EMPTY_AMOUNT });
    expect(checkInvestment(standard, "abc")).toMatchObject({ ok: false, message: expect.stringContaining("in dollars") });
    expect(checkInvestment(standard, "1000.001")).toEqual({ ok: false, message: "Use at most two decimal places." });
    expect(checkInvestment(standard, "999.99", 500_000)).toEqual({ ok: false, message: "The minimum for Standard is $1,000." });
    expect(checkInvestment(standard, "1000.01", 100_000)).toEqual({ ok: false, message: NOT_ENOUGH });
  });

  it("compares the balance with the minimum", () => {
    expect(canAfford(standard, 99_999)).toBe(false);
    expect(canAfford(standard, 100_000)).toBe(true);
    expect(canAfford(standard, undefined)).toBe(true);
  });
});
