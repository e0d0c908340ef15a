import { describe, expect, it } from "vitest";
import { INVALID_AMOUNT, projectReturn } from "./calculator.js";
import { formatCents } from "./money.js";
import { SEED_PLANS } from "./plans.js";

const plan = (id: string) => {
  const found = SEED_PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return { ...found, minimumCents: Number(found.minimumCents) };
};

describe("projectReturn", () => {
  it.each([
    ["standard", "1000", "$100.00", "$1,100.00", 14],
    ["advanced", "2,500", "$300.00", "$2,800.00", 20],
    ["premium", "5000.55", "$750.08", "$5,750.63", 30],
    ["elite", "10000", "$1,800.00", "$11,800.00", 40],
    ["pro", "123456.78", "$24,691.36", "$148,148.14", 45],
  ])("%s on %s pays %s, %s at maturity after %i days", (id, amount, profit, total, days) => {
    const result = projectReturn(plan(id), amount);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(formatCents(result.profitCents)).toBe(profit);
    expect(formatCents(result.totalCents)).toBe(total);
    expect(result.termDays).toBe(days);
  });

  it("rounds the profit half up to the cent", () => {
    // 15% of $5,000.05 is $750.0075 → $750.01; of $5,000.03 is $750.0045 → $750.00.
    const up = projectReturn(plan("premium"), "5000.05");
    const down = projectReturn(plan("premium"), "5000.03");
    expect(up.ok && up.profitCents).toBe(75001n);
    expect(down.ok && down.profitCents).toBe(75000n);
  });

  it.each(["", "abc", "0", "-5", "1e309", "NaN"])("says Invalid amount for %j", (input) => {
    expect(projectReturn(plan("standard"), input)).toEqual({ ok: false, message: INVALID_AMOUNT });
  });

  it("refuses fractions of a cent", () => {
    expect(projectReturn(plan("standard"), "1000.001")).toEqual({ ok: false, message: "Use at most two decimal places." });
  });

  it("names the plan's minimum when the amount is below it", () => {
    expect(projectReturn(plan("elite"), "9999.99")).toEqual({ ok: false, message: "The minimum for Elite is $10,000." });
    expect(projectReturn(plan("elite"), "10000").ok).toBe(true);
  });
});
