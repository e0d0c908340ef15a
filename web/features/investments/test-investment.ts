import type { InvestmentDto } from "#shared/schemas/investments.js";

/** An active $1,000.00 Standard investment (10 %, 14 days from 1 January 2026) for the unit tests, with what a test changes. */
export function testInvestment(changes: Partial<InvestmentDto> = {}): InvestmentDto {
  return {
    id: "inv-a",
    planId: "standard",
    planName: "Standard",
    principalCents: 100_000,
    rateBasisPoints: 1_000,
    termDays: 14,
    profitCents: 10_000,
    startedAt: "2026-01-01T00:00:00.000Z",
    maturesAt: "2026-01-15T00:00:00.000Z",
    status: "active",
    settledAt: null,
    maturityInstruction: "payout",
    instructionChangeableUntil: "2026-01-14T00:00:00.000Z",
    rolledOverFrom: null,
    rolledOverTo: null,
    rolloverRefusal: null,
    earlyWithdrawalAllowed: true,
    earlyWithdrawalFeeBasisPoints: 200,
    earlyWithdrawalFeeCents: null,
    daysLeft: 10,
    accruedProfitCents: 2_857,
    ...changes,
  };
}
