import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors.js";
import { pdfText } from "./render-statement-pdf.js";
import { availablePeriods, checkPeriod, monthPeriod, previousMonth, yearPeriod } from "./statement-period.js";

const at = (iso: string) => new Date(iso);
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return undefined;
};

describe("statement periods", () => {
  it("are UTC calendar months and years, whatever the year", () => {
    expect(monthPeriod("2026-12")).toMatchObject({ label: "December 2026", from: at("2026-12-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") });
    expect(monthPeriod("0099-02")).toMatchObject({ label: "February 0099", from: at("0099-02-01T00:00:00Z"), to: at("0099-03-01T00:00:00Z") });
    expect(yearPeriod("2026")).toMatchObject({ label: "2026", from: at("2026-01-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") });
    expect(previousMonth(at("2027-01-01T00:30:00Z"))).toBe("2026-12");
  });

  it("exist only once over and from the month the account opened in", () => {
    const opened = at("2026-10-15T12:00:00Z");
    const now = at("2027-01-01T00:15:00Z");
    expect(refusal(() => checkPeriod(monthPeriod("2026-10"), opened, now))).toBeUndefined();
    expect(refusal(() => checkPeriod(monthPeriod("2026-12"), opened, now))).toBeUndefined();
    expect(refusal(() => checkPeriod(yearPeriod("2026"), opened, now))).toBeUndefined();
    expect(refusal(() => checkPeriod(monthPeriod("2027-01"), opened, now))).toBe("January 2027 is not over yet: its statement is ready on 1 February 2027.");
    expect(refusal(() => checkPeriod(monthPeriod("2027-02"), opened, now))).toBe("February 2027 has not begun yet.");
    expect(refusal(() => checkPeriod(yearPeriod("2027"), opened, now))).toBe("The year 2027 is not over yet: its statement is ready on 1 January 2028.");
    expect(refusal(() => checkPeriod(monthPeriod("2026-09"), opened, now))).toBe("Your account was opened in October 2026: there is no statement for September 2026.");
    expect(availablePeriods(opened, now)).toEqual({ months: ["2026-12", "2026-11", "2026-10"], years: ["2026"] });
    expect(availablePeriods(opened, at("2026-10-31T23:59:59Z"))).toEqual({ months: [], years: [] });
  });

  it("are issued fifteen minutes after the period ends, once a transaction begun before the end has committed", () => {
    const opened = at("2026-10-15T12:00:00Z");
    const justOver = at("2026-11-01T00:14:59Z");
    expect(refusal(() => checkPeriod(monthPeriod("2026-10"), opened, justOver))).toBe("The statement for October 2026 is being prepared: it is ready at 00:15 UTC.");
    expect(availablePeriods(opened, justOver)).toEqual({ months: [], years: [] });
    expect(availablePeriods(opened, at("2026-11-01T00:15:00Z"))).toEqual({ months: ["2026-10"], years: [] });
  });
});

describe("text on a statement", () => {
  it("keeps what the standard fonts can print and marks the rest", () => {
    expect(pdfText("Zoë Ångström – “Café” €5")).toBe("Zoë Ångström – “Café” €5");
    expect(pdfText("Zoe\u0308")).toBe("Zoë");
    expect(pdfText("李 😀 ≈ x")).toBe("? ? ? x");
    expect(pdfText("a\tb\nc")).toBe("a b c");
  });
});
