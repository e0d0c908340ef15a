import { describe, expect, it } from "vitest";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import { testInvestment } from "./test-investment.js";
import { canWithdrawEarly, investmentNotes, maturesIn, outcomeFigure, STATUS_BADGES, upcomingMaturities, type InvestmentNote } from "./investment-words.js";

const base: InvestmentDto = testInvestment();

const make = (over: Partial<InvestmentDto>): InvestmentDto => ({ ...base, ...over });
const nothing = () => undefined;
/** A note as the page reads it, the link's words in brackets. */
const read = (note: InvestmentNote) => `${note.text}${note.link ? `[${note.link.linkText}]${note.link.after}` : ""}`;

describe("upcoming maturities", () => {
  it("takes the active investments only, soonest first, at most three", () => {
    const list = [
      make({ id: "late", maturesAt: "2026-03-01T00:00:00.000Z" }),
      make({ id: "done", status: "matured", maturesAt: "2026-01-02T00:00:00.000Z" }),
      make({ id: "soon", maturesAt: "2026-01-20T00:00:00.000Z" }),
      make({ id: "gone", status: "withdrawn_early", maturesAt: "2026-01-03T00:00:00.000Z" }),
      make({ id: "next", maturesAt: "2026-02-01T00:00:00.000Z" }),
      make({ id: "later", maturesAt: "2026-04-01T00:00:00.000Z" }),
    ];
    expect(upcomingMaturities(list).map((investment) => investment.id)).toEqual(["soon", "next", "late"]);
    expect(upcomingMaturities(list, 1).map((investment) => investment.id)).toEqual(["soon"]);
    // The list it was given is left in its order (newest first, as the server sends it).
    expect(list.map((investment) => investment.id)[0]).toBe("late");
  });

  it("orders two on the same day by id, and is empty when nothing is active", () => {
    const same = "2026-02-01T00:00:00.000Z";
    expect(upcomingMaturities([make({ id: "b", maturesAt: same }), make({ id: "a", maturesAt: same })]).map((investment) => investment.id)).toEqual(["a", "b"]);
    expect(upcomingMaturities([make({ status: "rolled_over" }), make({ status: "matured" })])).toEqual([]);
    expect(upcomingMaturities([])).toEqual([]);
  });

  it("says how far off a maturity is", () => {
    expect(maturesIn(0)).toBe("due now");
    expect(maturesIn(1)).toBe("in 1 day");
    expect(maturesIn(12)).toBe("in 12 days");
  });
});

describe("words for an investment's state", () => {
  it("gives every status its own word on the badge", () => {
    expect(Object.values(STATUS_BADGES).map((badge) => badge.label)).toEqual(["Active", "Matured", "Rolled over", "Withdrawn early"]);
  });

  it("says what is due at maturity, or what was paid", () => {
    expect(outcomeFigure(base)).toEqual({ label: "Due at maturity", cents: 110_000 });
    expect(outcomeFigure(make({ status: "matured" }))).toEqual({ label: "Paid at maturity", cents: 110_000 });
    expect(outcomeFigure(make({ status: "withdrawn_early", earlyWithdrawalFeeCents: 2_000 }))).toEqual({ label: "Paid out early", cents: 98_000 });
  });

  it("names the new investment of a rollover, and the one a rollover continues", () => {
    const old = make({ id: "old", status: "rolled_over", maturityInstruction: "rollover_all", rolledOverTo: "new" });
    const next = make({ id: "new", principalCents: 110_000, profitCents: 11_000, rolledOverFrom: "old", maturityInstruction: "rollover_all" });
    const related = (id: string) => [old, next].find((investment) => investment.id === id);
    expect(investmentNotes(old, related).map(read)).toEqual(["Rolled over: the principal and profit, $1,100.00, started a new investment. [See the new investment]."]);
    expect(investmentNotes(old, related)[0]?.link?.id).toBe("new");
    expect(investmentNotes(next, related).map(read)).toEqual(["Continues [Standard investment] of $1,000.00, rolled over at its maturity."]);
    // The earlier one is on another page of the list: the plan is the same, only the amount is unknown.
    expect(investmentNotes(next, nothing).map(read)).toEqual(["Continues [Standard investment], rolled over at its maturity."]);
  });

  it("says where the profit went when only the principal rolled over", () => {
    const old = make({ status: "rolled_over", maturityInstruction: "rollover_principal", rolledOverTo: "new" });
    expect(investmentNotes(old, nothing).map(read)).toEqual([
      "Rolled over: the profit of $100.00 went to your Main Balance and the principal of $1,000.00 started a new investment. [See the new investment].",
    ]);
  });

  it("says the fee kept on an early withdrawal, and why a rollover was paid out instead", () => {
    expect(investmentNotes(make({ status: "withdrawn_early", earlyWithdrawalFeeCents: 2_000, daysLeft: 0 }), nothing).map(read)).toEqual([
      "Withdrawn early: $980.00 went to your Main Balance; the $20.00 early-withdrawal fee was kept. No profit was paid.",
    ]);
    expect(investmentNotes(make({ status: "withdrawn_early", earlyWithdrawalFeeCents: 0 }), nothing).map(read)).toEqual([
      "Withdrawn early: $1,000.00 went to your Main Balance; no fee was kept. No profit was paid.",
    ]);
    expect(investmentNotes(make({ status: "matured", maturityInstruction: "rollover_all", rolloverRefusal: "the plan no longer takes new investments" }), nothing).map(read)).toEqual([
      "Paid out: the plan no longer takes new investments.",
    ]);
    expect(investmentNotes(base, nothing)).toEqual([]);
  });

  it("offers early withdrawal only while active, allowed and not yet due", () => {
    expect(canWithdrawEarly(base)).toBe(true);
    expect(canWithdrawEarly(make({ earlyWithdrawalAllowed: false }))).toBe(false);
    expect(canWithdrawEarly(make({ daysLeft: 0 }))).toBe(false);
    expect(canWithdrawEarly(make({ status: "matured" }))).toBe(false);
  });
});
