import { describe, expect, it } from "vitest";
import { centsToDecimal } from "#shared/money.js";
import { historyCsvLine } from "./history.js";
import { toHistoryEntry, type HistoryRow } from "./history-events.js";

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  id: "j1",
  date: new Date("2026-11-24T10:00:00Z"),
  kind: "deposit",
  key: "deposit:d1",
  reference: "",
  status: "completed",
  mainChange: 0n,
  mainAfter: null,
  investedChange: 0n,
  holdChange: 0n,
  claimed: null,
  method: null,
  coin: null,
  bank: null,
  otherName: null,
  otherEmail: null,
  note: null,
  ...over,
});

describe("one history row per journal", () => {
  it("reads an investment as one event: the Main Balance change, not the two accounting legs", () => {
    const entry = toHistoryEntry(row({ kind: "investment", reference: "Advanced", mainChange: -200_000n, investedChange: 200_000n, mainAfter: 300_000n }));
    expect(entry).toMatchObject({ event: "investment_started", title: "Investment started", description: "Advanced: $2,000.00 invested", mainBalanceChangeCents: -200_000, mainBalanceAfterCents: 300_000 });
  });

  it("splits a maturity into principal and profit from its postings", () => {
    const entry = toHistoryEntry(row({ kind: "maturity", reference: "Standard", mainChange: 110_000n, investedChange: -100_000n, mainAfter: 110_000n }));
    expect(entry).toMatchObject({ event: "maturity_paid", description: "Standard: principal $1,000.00 + profit $100.00", mainBalanceChangeCents: 110_000 });
  });

  it("names each step of a withdrawal; sending it changes nothing on the Main Balance", () => {
    expect(toHistoryEntry(row({ kind: "payout_request", mainChange: -5_000n, holdChange: 5_000n, mainAfter: 0n }))).toMatchObject({ event: "withdrawal_requested", mainBalanceChangeCents: -5_000 });
    expect(toHistoryEntry(row({ kind: "payout_paid", holdChange: -5_000n }))).toMatchObject({
      event: "withdrawal_sent",
      description: "$50.00 sent to your wallet (taken from your Main Balance when you asked)",
      mainBalanceChangeCents: 0,
      mainBalanceAfterCents: null,
    });
    expect(toHistoryEntry(row({ kind: "payout_cancelled", mainChange: 5_000n, holdChange: -5_000n, mainAfter: 5_000n })).event).toBe("withdrawal_cancelled");
    expect(toHistoryEntry(row({ kind: "payout_rejected", mainChange: 5_000n, holdChange: -5_000n, mainAfter: 5_000n })).event).toBe("withdrawal_rejected");
  });

  it("tells a transfer's direction by its sign, and a paid request by its key", () => {
    const other = { otherName: "Bola", otherEmail: "bola@example.com" };
    expect(toHistoryEntry(row({ kind: "transfer", key: "transfer:x", mainChange: -100n, ...other }))).toMatchObject({ event: "transfer_sent", description: "To Bola (bola@example.com)" });
    expect(toHistoryEntry(row({ kind: "transfer", key: "transfer:x", mainChange: 100n, ...other }))).toMatchObject({ event: "transfer_received", description: "From Bola (bola@example.com)" });
    expect(toHistoryEntry(row({ kind: "transfer", key: "money-request:r", mainChange: -100n, ...other })).description).toBe("You paid Bola (bola@example.com)'s request");
    expect(toHistoryEntry(row({ kind: "transfer", key: "money-request:r", mainChange: 100n, ...other })).description).toBe("Bola (bola@example.com) paid your request");
  });

  it("never counts a deposit that was not confirmed as money", () => {
    for (const status of ["pending", "rejected", "expired"] as const) {
      const entry = toHistoryEntry(row({ id: "d1", status, key: null, claimed: 100_000n, method: "bank", bank: "gtbank" }));
      expect(entry.mainBalanceChangeCents, status).toBe(0);
      expect(entry.mainBalanceAfterCents, status).toBeNull();
      expect(entry.event, status).toBe(`deposit_${status}`);
      expect(entry.description, status).toMatch(/^Bank deposit \(GTBank\) of \$1,000\.00: .*not credited/);
    }
    expect(toHistoryEntry(row({ mainChange: 29_950n, mainAfter: 29_950n, method: "crypto", coin: "BTC" }))).toMatchObject({ event: "deposit_confirmed", description: "Crypto deposit (BTC)" });
  });
});

describe("a CSV line", () => {
  it("writes amounts as bare numbers and guards only text cells", () => {
    const entry = toHistoryEntry(row({ kind: "transfer", key: "transfer:x", mainChange: -10_000n, mainAfter: 0n, reference: "=SUM(A1)", otherName: "-Eve", note: "@rent" }));
    expect(historyCsvLine(entry)).toBe(`"2026-11-24T10:00:00.000Z","Transfer sent","To -Eve",-100.00,0.00,"completed","'=SUM(A1)","'@rent"`);
    const notMoney = toHistoryEntry(row({ id: "d", status: "rejected", key: null, claimed: 5n }));
    expect(historyCsvLine(notMoney)).toContain(`,0.00,,"rejected",`);
    expect([-12_345, 5, 0, -1].map(centsToDecimal)).toEqual(["-123.45", "0.05", "0.00", "-0.01"]);
  });
});
