import { describe, expect, it } from "vitest";
import { earlyWithdrawalShort, earlyWithdrawalTerms } from "./plan-terms.js";

describe("early-withdrawal terms", () => {
  it("names the fee with formatRate and says no profit is paid", () => {
    expect(earlyWithdrawalTerms({ earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 })).toBe("Early withdrawal: 2% fee, no profit");
    expect(earlyWithdrawalTerms({ earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 150 })).toBe("Early withdrawal: 1.5% fee, no profit");
    expect(earlyWithdrawalShort({ earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 225 })).toBe("2.25% fee, no profit");
  });

  it("says a waived fee in words, and a plan without early withdrawal plainly", () => {
    expect(earlyWithdrawalTerms({ earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 0 })).toBe("Early withdrawal: no fee, no profit");
    // The fee of a plan that does not allow it is never shown.
    expect(earlyWithdrawalTerms({ earlyWithdrawalAllowed: false, earlyWithdrawalFeeBasisPoints: 200 })).toBe("No early withdrawal");
    expect(earlyWithdrawalShort({ earlyWithdrawalAllowed: false, earlyWithdrawalFeeBasisPoints: 200 })).toBe("Not allowed");
  });
});
