import { describe, expect, it } from "vitest";
import { user as userTable } from "#server/db/schema.js";
import { settleAndRecord } from "#server/jobs/handlers/settle-due.js";
import { createLogger } from "#server/logger.js";
import { summarize } from "#server/services/ledger/summary.js";
import type { AdminOverviewDto } from "#shared/schemas/admin-overview.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const DAY = 86_400_000;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** The same totals computed the other way round: every user's own six figures, added up. */
async function everyoneSummed() {
  const totals = { available: 0, invested: 0, held: 0, deposited: 0, interest: 0, paidOut: 0 };
  for (const { id } of await db().select({ id: userTable.id }).from(userTable)) {
    const own = await summarize(db(), id);
    totals.available += own.mainBalanceCents;
    totals.invested += own.totalInvestCents;
    totals.held += own.pendingWithdrawalsCents;
    totals.deposited += own.totalTransactionCents;
    totals.interest += own.interestBalanceCents;
    totals.paidOut += own.totalPayoutCents;
  }
  return totals;
}

describe("the admin overview", () => {
  it("reads every figure from the database: queues, maturities, liabilities, flows, ledger check, last settlement", async () => {
    const admin = await person(suite, { admin: true });
    const checker = await person(suite, { admin: true });
    const rich = await person(suite, { funds: 2_000_000n });
    await listWallet(db(), rich.id, WALLET);
    const saver = await person(suite, { funds: 0n });
    const read = async (): Promise<AdminOverviewDto> => {
      const response = await admin.client.get("/api/admin/overview");
      expect(response.status).toBe(200);
      return response.json();
    };

    const firstDeposit = await (await saver.client.post("/api/deposits", await bankDepositBody(saver.client, 50_000))).json();
    await saver.client.post("/api/deposits", await bankDepositBody(saver.client, 30_000));
    // The small one first: four eyes counts the recipient's payouts over 24 hours, so after the large one it would need approval too.
    expect((await rich.client.post("/api/payouts", { amountCents: 20_000, walletAddress: WALLET })).status).toBe(201);
    const large = await (await rich.client.post("/api/payouts", { amountCents: 1_500_000, walletAddress: WALLET })).json();
    expect((await rich.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);

    let overview = await read();
    expect(overview.pendingDeposits).toMatchObject({ count: 2, totalCents: 80_000, oldestAt: firstDeposit.createdAt });
    expect(overview.pendingPayouts).toMatchObject({ count: 2, totalCents: 1_520_000, awaitingSecondApproval: 1 });
    expect(overview.maturing).toEqual({ withinDays: 7, count: 0, principalCents: 0, profitCents: 0 });
    const summed = await everyoneSummed();
    expect(overview.liabilities).toEqual({
      availableCents: summed.available,
      investedCents: summed.invested,
      payoutHoldCents: summed.held,
      totalCents: summed.available + summed.invested + summed.held,
    });
    expect(overview.liabilities).toMatchObject({ investedCents: 100_000, payoutHoldCents: 1_520_000 });
    expect(overview.flows.allTime).toEqual({ moneyInCents: summed.deposited, interestPaidCents: 0, feesCents: 0, moneyOutCents: 0 });
    expect(overview.flows.allTime.moneyInCents).toBe(2_000_000);
    expect(overview.flows.today).toEqual(overview.flows.allTime);
    expect(overview.flows.last30Days).toEqual(overview.flows.allTime);
    expect(overview.ledgerCheck.problems).toEqual([]);
    expect(overview.lastSettlementRun).toMatchObject({ settled: 0, error: null });

    // Within the minute the ledger check is not run again; the queues are read afresh every time.
    await saver.client.post("/api/deposits", await bankDepositBody(saver.client, 10_000));
    const again = await read();
    expect(again.ledgerCheck.checkedAt).toBe(overview.ledgerCheck.checkedAt);
    expect(again.pendingDeposits).toMatchObject({ count: 3, totalCents: 90_000 });

    // Eight days on, the 14-day investment matures within the week; the check has run again.
    suite.server.clock.advance(8 * DAY);
    const approve = await checker.client.post(`/api/admin/payouts/${large.id}/approve`, {});
    expect(approve.status).toBe(200);
    overview = await read();
    expect(overview.maturing).toEqual({ withinDays: 7, count: 1, principalCents: 100_000, profitCents: 10_000 });
    expect(overview.pendingDeposits.oldestAgeSeconds).toBeGreaterThanOrEqual(8 * 86_400);
    expect(overview.pendingPayouts.awaitingSecondApproval).toBe(0);
    expect(overview.ledgerCheck.checkedAt).not.toBe(again.ledgerCheck.checkedAt);
    expect((await admin.client.post(`/api/admin/payouts/${large.id}/mark-paid`, { txId: "f00dbabe" })).status).toBe(200);
    overview = await read();
    expect(overview.pendingPayouts).toMatchObject({ count: 1, totalCents: 20_000 });
    expect(overview.flows.allTime.moneyOutCents).toBe(1_500_000);
    expect(overview.liabilities.payoutHoldCents).toBe(20_000);

    // Past maturity the scheduled settlement job pays it and records the run; the money moved today
    // (real time) is now more than a week before the server's clock, so "today" is empty.
    suite.server.clock.advance(7 * DAY);
    await settleAndRecord({ db: db(), settlementWorkers: 1, logger: createLogger("silent"), clock: suite.server.clock });
    overview = await read();
    expect(overview.lastSettlementRun).toMatchObject({ settled: 1, profitCents: 10_000, error: null });
    expect(Date.parse(overview.lastSettlementRun!.startedAt)).toBeGreaterThanOrEqual(suite.server.clock.now().getTime() - 60_000);
    expect(overview.maturing.count).toBe(0);
    expect(overview.flows.allTime).toEqual({ moneyInCents: 2_000_000, interestPaidCents: 10_000, feesCents: 0, moneyOutCents: 1_500_000 });
    expect(overview.flows.allTime.interestPaidCents).toBe((await everyoneSummed()).interest);
    expect(overview.flows.today).toEqual({ moneyInCents: 0, interestPaidCents: 0, feesCents: 0, moneyOutCents: 0 });
    expect(overview.flows.last30Days).toEqual(overview.flows.allTime);
    expect(overview.liabilities.investedCents).toBe(0);
  });
});
