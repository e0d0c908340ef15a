import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRate } from "#shared/money.js";
import { INVESTMENT_MAX_CENTS } from "#shared/schemas/investments.js";
import { investment, journal, notification, plan } from "#server/db/schema.js";
import { createInvestment } from "#server/services/investments/create-investment.js";
import { earlyWithdrawalAmounts, withdrawEarly } from "#server/services/investments/early-withdrawal.js";
import { sendMaturityReminders } from "#server/services/investments/send-maturity-reminders.js";
import { settleDue } from "#server/services/investments/settle-due.js";
import { summarize } from "#server/services/ledger/summary.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { testDatabaseUrl } from "./helpers/database.js";
import type { HttpClient } from "./helpers/http-client.js";
import { creditMainBalance } from "./helpers/ledger.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, signUp, uniqueEmail } from "./helpers/test-server.js";
import { insertUser } from "./helpers/users.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const DAY = 86_400_000;

async function fund(userId: string, cents: bigint) {
  await creditMainBalance(db(), userId, cents, `fund:${userId}:${cents}:${Math.random()}`);
}

async function investor(cents = 1_000_000n): Promise<{ client: HttpClient; id: string }> {
  const email = uniqueEmail("maturity");
  await signUp(suite.server.client(), { name: "Mo Maturity", email });
  const client = suite.server.client();
  await signIn(client, email);
  const { user } = await (await client.get("/api/session")).json();
  await fund(user.id, cents);
  return { client, id: user.id };
}

const invest = async (client: HttpClient, body: object) => {
  const response = await client.post("/api/investments", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
};
const investments = async (client: HttpClient) => (await (await client.get("/api/investments")).json()).items as Array<Record<string, unknown>>;
const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();

/** Moves the server's clock past every term used here and settles what fell due. */
async function pastMaturity(days = 15) {
  suite.server.clock.advance(days * DAY);
  return settleDue(db(), suite.server.clock.now());
}

describe("the arithmetic", () => {
  it("takes the fee in basis points of the principal, half-up, and pays the rest", () => {
    expect(earlyWithdrawalAmounts(100_000n, 200)).toEqual({ feeCents: 2_000n, payoutCents: 98_000n });
    // 123,455 × 2 % = 2,469.1 → 2,469; 125 × 2 % = 2.5 → 3 (half-up, as profit is).
    expect(earlyWithdrawalAmounts(123_455n, 200)).toEqual({ feeCents: 2_469n, payoutCents: 120_986n });
    expect(earlyWithdrawalAmounts(125n, 200)).toEqual({ feeCents: 3n, payoutCents: 122n });
    expect(earlyWithdrawalAmounts(100_000n, 0)).toEqual({ feeCents: 0n, payoutCents: 100_000n });
    expect(earlyWithdrawalAmounts(100_000n, 10_000)).toEqual({ feeCents: 100_000n, payoutCents: 0n });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10_000 }), (principal, bp) => {
        const { feeCents, payoutCents } = earlyWithdrawalAmounts(principal, bp);
        return feeCents + payoutCents === principal && feeCents >= 0n && payoutCents >= 0n;
      }),
    );
  });

  it("rolls over at the profit applyRate computes: the SQL's half-up equals the server's", async () => {
    // Settlement computes a rolled-over investment's profit in SQL; createInvestment in TypeScript.
    const { id } = await insertUser(db());
    await fund(id, 10n ** 11n);
    const start = new Date("2040-01-01T00:00:00Z");
    // 100,095 rolls over as 110,105, whose 10 % is 11,010.5: the half that rounds up.
    const amounts = [100_000n, 100_005n, 100_095n, 123_456n, 199_999n, 987_654_321n];
    for (const cents of amounts) await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: Number(cents), maturityInstruction: "rollover_all" }, start));
    await settleDue(db(), new Date(start.getTime() + 15 * DAY));
    const successors = (await db().select().from(investment).where(and(eq(investment.userId, id), eq(investment.status, "active")))).sort((a, b) => Number(a.principalCents - b.principalCents));
    expect(successors.map((row) => row.principalCents)).toEqual(amounts.map((cents) => cents + applyRate(cents, 1_000)));
    for (const row of successors) expect(row.profitCents).toBe(applyRate(row.principalCents, row.rateBasisPoints));
  });
});

describe("a maturity instruction", () => {
  it("pays out by default, rolls over the principal, or rolls over both, each in one journal", async () => {
    const { client, id } = await investor(600_000n);
    const payout = await invest(client, { planId: "standard", amountCents: 100_000 });
    const principalOnly = await invest(client, { planId: "standard", amountCents: 200_000, maturityInstruction: "rollover_principal" });
    const both = await invest(client, { planId: "standard", amountCents: 300_000, maturityInstruction: "rollover_all" });
    expect([payout.maturityInstruction, principalOnly.maturityInstruction, both.maturityInstruction]).toEqual(["payout", "rollover_principal", "rollover_all"]);
    expect(payout).toMatchObject({ earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200, rolledOverFrom: null });

    const run = await pastMaturity();
    expect(run.settled).toBe(3);
    const rows = await investments(client);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(payout.id)).toMatchObject({ status: "matured", rolledOverTo: null });
    expect(byId.get(principalOnly.id)).toMatchObject({ status: "rolled_over" });
    expect(byId.get(both.id)).toMatchObject({ status: "rolled_over" });
    const next = (from: string) => rows.find((row) => row.rolledOverFrom === from)!;
    expect(next(principalOnly.id)).toMatchObject({ status: "active", principalCents: 200_000, profitCents: 20_000, maturityInstruction: "rollover_principal", planId: "standard" });
    expect(next(both.id)).toMatchObject({ status: "active", principalCents: 330_000, profitCents: 33_000, maturityInstruction: "rollover_all" });
    expect(byId.get(both.id)!.rolledOverTo).toBe(next(both.id).id);
    // The new term starts at the old maturity, not when the settler happened to run.
    expect(next(both.id).startedAt).toBe(both.maturesAt);
    expect(new Date(next(both.id).maturesAt as string).getTime() - new Date(both.maturesAt).getTime()).toBe(14 * DAY);

    // Main: 0 left + 110,000 paid out + 20,000 profit of the principal rollover. Invested: 200,000 + 330,000.
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 130_000, totalInvestCents: 530_000, interestBalanceCents: 60_000, totalBalanceCents: 660_000 });
    const journals = await db().select().from(journal).where(eq(journal.userId, id));
    expect(journals.filter((row) => row.kind === "maturity")).toHaveLength(1);
    expect(journals.filter((row) => row.kind === "rollover")).toHaveLength(2);

    const history = (await (await client.get("/api/transactions")).json()).items as Array<{ event: string; description: string; mainBalanceChangeCents: number }>;
    expect(history.filter((row) => row.event === "investment_rolled_over").map((row) => [row.description, row.mainBalanceChangeCents])).toEqual(
      expect.arrayContaining([
        ["Standard: profit $200.00 paid; the principal started a new investment", 20_000],
        ["Standard: profit $300.00 added to the principal, which started a new investment", 0],
      ]),
    );
    const notes = await db().select().from(notification).where(eq(notification.userId, id));
    expect(notes.find((note) => note.subjectId === both.id && note.kind === "investment_matured")?.body).toMatch(/the principal and the \$300\.00 profit started a new Standard investment of \$3,300\.00/);

    // A second run (another server, a retry) finds nothing: the old ones are settled, the new ones not due.
    expect((await settleDue(db(), suite.server.clock.now())).settled).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it.each([
    ["the plan was turned off", { active: false }, "the plan no longer takes new investments"],
    ["the plan's rate changed", { rateBasisPoints: 1_100 }, "the plan's terms changed since you invested"],
    ["the early-withdrawal fee changed", { earlyWithdrawalFeeBasisPoints: 300 }, "the plan's terms changed since you invested"],
    ["the minimum rose above the amount", { minimumCents: 500_000n }, "the amount is below the plan's minimum"],
  ])("pays out instead of rolling over when %s, and says why", async (_, change, reason) => {
    const planId = `roll-${Math.random().toString(36).slice(2, 8)}`;
    await db().insert(plan).values({ id: planId, name: `Roll ${planId}`, minimumCents: 100_000n, rateBasisPoints: 1_000, termDays: 14, features: ["a", "b"] });
    const { client, id } = await investor(200_000n);
    const made = await invest(client, { planId, amountCents: 200_000, maturityInstruction: "rollover_all" });
    await db().update(plan).set(change).where(eq(plan.id, planId));
    await pastMaturity();
    const [row] = await investments(client);
    expect(row).toMatchObject({ id: made.id, status: "matured", rolloverRefusal: reason, rolledOverTo: null });
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 220_000, totalInvestCents: 0 });
    const notes = await db().select().from(notification).where(and(eq(notification.userId, id), eq(notification.subjectId, made.id)));
    expect(notes.map((note) => note.body)).toContain(
      `Your Roll ${planId} investment of $2,000.00 has matured. You asked to roll it over, but ${reason}, so it was paid out: $2,200.00 (including $200.00 profit) is now in your main balance.`,
    );
  });

  it("stops compounding at the largest single investment: that rollover pays out", async () => {
    const { id } = await insertUser(db());
    const principal = BigInt(INVESTMENT_MAX_CENTS) - 50_000_000_000n;
    await fund(id, principal);
    const start = new Date("2043-01-01T00:00:00Z");
    const made = await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: Number(principal), maturityInstruction: "rollover_all" }, start));
    await settleDue(db(), new Date(start.getTime() + 15 * DAY));
    const [row] = await db().select().from(investment).where(eq(investment.id, made.investment.id));
    expect(row).toMatchObject({ status: "matured", rolloverRefusal: "above_maximum" });
    expect(BigInt((await summarize(db(), id)).mainBalanceCents)).toBe(principal + applyRate(principal, 1_000));
    await expect(db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: INVESTMENT_MAX_CENTS + 1 }, start))).rejects.toMatchObject({
      message: "The largest single investment is $10,000,000,000.00.",
    });
  });

  it("can be changed until 24 hours before maturity, by its owner only", async () => {
    const { client } = await investor();
    const made = await invest(client, { planId: "standard", amountCents: 100_000 });
    const until = new Date(new Date(made.maturesAt).getTime() - DAY).toISOString();
    expect(made.instructionChangeableUntil).toBe(until);
    const changed = await client.request(`/api/investments/${made.id}`, { method: "PATCH", body: { maturityInstruction: "rollover_principal" } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ maturityInstruction: "rollover_principal" });

    const bad = await client.request(`/api/investments/${made.id}`, { method: "PATCH", body: { maturityInstruction: "spend_it" } });
    expect(bad.status).toBe(400);
    const other = await investor();
    const theirs = await other.client.request(`/api/investments/${made.id}`, { method: "PATCH", body: { maturityInstruction: "payout" } });
    expect(theirs.status).toBe(404);

    suite.server.clock.advance(13 * DAY + 1);
    const late = await client.request(`/api/investments/${made.id}`, { method: "PATCH", body: { maturityInstruction: "payout" } });
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe("The instruction can be changed until 24 hours before maturity; this investment will roll over the principal.");
    expect((await investments(client))[0]).toMatchObject({ maturityInstruction: "rollover_principal", instructionChangeableUntil: null });

    await pastMaturity(2);
    const settled = await client.request(`/api/investments/${made.id}`, { method: "PATCH", body: { maturityInstruction: "payout" } });
    expect(settled.status).toBe(409);
  });

  it("is stated in the reminders, with until when it can change", async () => {
    const { client, id } = await investor();
    const made = await invest(client, { planId: "advanced", amountCents: 200_000, maturityInstruction: "rollover_all" });
    suite.server.clock.advance(13 * DAY + 3_600_000);
    expect(await sendMaturityReminders(db(), suite.server.clock.now())).toBeGreaterThanOrEqual(1);
    const until = new Date(new Date(made.maturesAt).getTime() - DAY).toISOString().slice(0, 16).replace("T", " ");
    const [seven] = await db().select().from(notification).where(and(eq(notification.userId, id), eq(notification.kind, "investment_maturing")));
    expect(seven?.body).toBe(
      `Your Advanced investment of $2,000.00 matures in 7 days, with $2,240.00 due. Your instruction: Roll over principal and profit. At maturity, the principal and the profit together start a new investment in the same plan. You can change this on the Invest page of your dashboard until ${until} UTC.`,
    );
    suite.server.clock.advance(6 * DAY);
    await sendMaturityReminders(db(), suite.server.clock.now());
    const notes = await db().select().from(notification).where(and(eq(notification.userId, id), eq(notification.kind, "investment_maturing")));
    expect(notes.map((note) => note.body)).toContainEqual(expect.stringMatching(/matures tomorrow, .* Changes were possible until 24 hours before maturity, so this is final\.$/));
    await pastMaturity(2);
  });
});

describe("an early withdrawal", () => {
  it("previews, then pays the principal less the fee in one journal, once", async () => {
    const { client, id } = await investor(500_000n);
    const made = await invest(client, { planId: "premium", amountCents: 500_000 });
    suite.server.clock.advance(10 * DAY);
    const preview = await (await client.get(`/api/investments/${made.id}/early-withdrawal`)).json();
    expect(preview).toEqual({ investmentId: made.id, principalCents: 500_000, feeBasisPoints: 200, feeCents: 10_000, payoutCents: 490_000, forgoneProfitCents: 75_000, maturesAt: made.maturesAt });
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 0, totalInvestCents: 500_000 });

    const key = { "Idempotency-Key": `early-${made.id}` };
    const first = await client.request(`/api/investments/${made.id}/early-withdrawal`, { method: "POST", body: {}, headers: key });
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toMatchObject({ feeCents: 10_000, payoutCents: 490_000, investment: { status: "withdrawn_early", earlyWithdrawalFeeCents: 10_000, accruedProfitCents: 0 } });
    const replay = await client.request(`/api/investments/${made.id}/early-withdrawal`, { method: "POST", body: {}, headers: key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(answer);
    const again = await client.request(`/api/investments/${made.id}/early-withdrawal`, { method: "POST", body: {}, headers: { "Idempotency-Key": `early-${made.id}-2` } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("This investment was already withdrawn early.");

    expect(await summary(client)).toMatchObject({ mainBalanceCents: 490_000, totalInvestCents: 0, interestBalanceCents: 0, totalBalanceCents: 490_000 });
    const journals = await db().select().from(journal).where(and(eq(journal.userId, id), eq(journal.kind, "early_withdrawal")));
    expect(journals).toHaveLength(1);
    const [history] = (await (await client.get("/api/transactions")).json()).items;
    expect(history).toMatchObject({ event: "early_withdrawal", title: "Withdrawn early", description: "Premium: principal $5,000.00 less a $100.00 early-withdrawal fee, no profit", mainBalanceChangeCents: 490_000 });
    // The fee sits on the platform's fees account, which the overview and reconciliation read.
    const fees = (await db().execute(sql`select coalesce(sum(amount_cents), 0)::text as total from posting where account_id = 'p:fees' and journal_id = ${journals[0]!.id}`)) as unknown as {
      rows: Array<{ total: string }>;
    };
    expect(fees.rows[0]?.total).toBe("10000");
    // Nothing is left to settle at maturity.
    await pastMaturity(25);
    expect((await investments(client))[0]).toMatchObject({ status: "withdrawn_early" });
    expect((await summary(client)).mainBalanceCents).toBe(490_000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("is refused for another user's investment, a plan without it, and once the investment is due", async () => {
    const { client } = await investor(400_000n);
    const made = await invest(client, { planId: "standard", amountCents: 100_000 });
    const other = await investor();
    expect((await other.client.get(`/api/investments/${made.id}/early-withdrawal`)).status).toBe(404);
    expect((await other.client.post(`/api/investments/${made.id}/early-withdrawal`, {})).status).toBe(404);

    const planId = `locked-${Math.random().toString(36).slice(2, 8)}`;
    await db().insert(plan).values({ id: planId, name: `Locked ${planId}`, minimumCents: 100_000n, rateBasisPoints: 1_000, termDays: 14, features: ["a", "b"], earlyWithdrawalAllowed: false });
    const locked = await invest(client, { planId, amountCents: 100_000 });
    expect(locked).toMatchObject({ earlyWithdrawalAllowed: false });
    // Turning it on for the plan later does not change what this investment agreed to.
    await db().update(plan).set({ earlyWithdrawalAllowed: true }).where(eq(plan.id, planId));
    const refused = await client.post(`/api/investments/${locked.id}/early-withdrawal`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(`Locked ${planId} investments cannot be withdrawn before maturity.`);

    suite.server.clock.advance(14 * DAY);
    const due = await client.post(`/api/investments/${made.id}/early-withdrawal`, {});
    expect(due.status).toBe(409);
    expect((await due.json()).error.message).toBe("This investment has matured; it is being paid out with its profit.");
    await pastMaturity(1);
    expect((await client.post(`/api/investments/${made.id}/early-withdrawal`, {})).status).toBe(409);
    expect((await summary(client)).totalInvestCents).toBe(0);
  });
});

describe("rollovers and early withdrawals (property)", () => {
  it("keep the ledger sound and pay Σ principal + Σ profit − Σ fees, each investment settled once", async () => {
    const RATES = { standard: 1_000n, advanced: 1_200n, premium: 1_500n } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 500_000, max: 3_000_000 }),
            plan: fc.constantFrom("standard", "advanced", "premium"),
            instruction: fc.constantFrom("payout", "rollover_principal", "rollover_all"),
            withdrawOnDay: fc.option(fc.integer({ min: 1, max: 12 })),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 15, max: 70 }),
        async (plans, horizonDays) => {
          const { id } = await insertUser(db());
          const funded = plans.reduce((sum, item) => sum + BigInt(item.cents), 0n);
          await fund(id, funded);
          const start = new Date("2044-01-01T00:00:00Z");
          const made: Array<Awaited<ReturnType<typeof createInvestment>>> = [];
          for (const item of plans) {
            made.push(await db().transaction((tx) => createInvestment(tx, id, { planId: item.plan, amountCents: item.cents, maturityInstruction: item.instruction }, start)));
          }
          for (const [index, item] of plans.entries()) {
            if (item.withdrawOnDay !== null) await db().transaction((tx) => withdrawEarly(tx, id, made[index]!.investment.id, new Date(start.getTime() + item.withdrawOnDay! * DAY)));
          }
          await settleDue(db(), new Date(start.getTime() + horizonDays * DAY), { batchSize: 2 });
          const rows = await db().select().from(investment).where(eq(investment.userId, id));
          let profit = 0n;
          let fees = 0n;
          for (const row of rows) {
            // Written out, not through applyRate: principal × the seeded rate, half-up.
            expect(row.profitCents).toBe((row.principalCents * RATES[row.planId as keyof typeof RATES] + 5_000n) / 10_000n);
            if (row.status === "matured" || row.status === "rolled_over") profit += row.profitCents;
            if (row.status === "withdrawn_early") fees += (row.principalCents * 200n + 5_000n) / 10_000n;
            if (row.status !== "active") expect(row.settleJournalId).not.toBeNull();
            if (row.rolledOverFrom) {
              const before = rows.find((other) => other.id === row.rolledOverFrom)!;
              expect(before.status).toBe("rolled_over");
              expect(row.principalCents).toBe(before.maturityInstruction === "rollover_all" ? before.principalCents + before.profitCents : before.principalCents);
              expect(row.startedAt).toEqual(before.maturesAt);
            }
          }
          const figures = await summarize(db(), id);
          expect(BigInt(figures.totalBalanceCents)).toBe(funded + profit - fees);
          expect(BigInt(figures.interestBalanceCents)).toBe(profit);
          const active = rows.filter((row) => row.status === "active").reduce((sum, row) => sum + row.principalCents, 0n);
          expect(BigInt(figures.totalInvestCents)).toBe(active);
          const journals = await db().select({ kind: journal.kind }).from(journal).where(eq(journal.userId, id));
          // One journal to start each investment the investor made, one per settlement or withdrawal, one funding.
          expect(journals.length).toBe(1 + plans.length + rows.filter((row) => row.status !== "active").length);
        },
      ),
      { numRuns: testDatabaseUrl ? 10 : 20 },
    );
    expect(await verifyLedger(db())).toEqual([]);
    // Ten runs of durable settlement on PostgreSQL take about 25 s alone; more beside the rest of the suite.
  }, 120_000);
});

describe.runIf(testDatabaseUrl)("maturity and early withdrawal under concurrency (PostgreSQL)", () => {
  it("a withdrawal racing settlement: exactly one happens, the other is a 409 or finds nothing", async () => {
    for (let round = 0; round < 6; round++) {
      const { id } = await insertUser(db());
      await fund(id, 100_000n);
      const start = new Date(Date.UTC(2041, 0, 1 + round));
      const made = await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: 100_000, maturityInstruction: "rollover_all" }, start));
      // Settlement sees it due; the withdrawal's clock a moment before maturity, so only the row lock decides.
      const due = new Date(start.getTime() + 14 * DAY);
      const [settled, withdrawn] = await Promise.allSettled([
        settleDue(db(), due),
        db().transaction((tx) => withdrawEarly(tx, id, made.investment.id, new Date(due.getTime() - 1))),
      ]);
      const [row] = await db().select().from(investment).where(eq(investment.id, made.investment.id));
      const figures = await summarize(db(), id);
      if (withdrawn.status === "fulfilled") {
        expect(row?.status).toBe("withdrawn_early");
        expect(settled.status).toBe("fulfilled");
        expect(figures).toMatchObject({ mainBalanceCents: 98_000, totalInvestCents: 0 });
      } else {
        expect(withdrawn.reason).toMatchObject({ code: "CONFLICT" });
        expect(row?.status).toBe("rolled_over");
        expect(figures).toMatchObject({ mainBalanceCents: 0, totalInvestCents: 110_000 });
      }
    }
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("a withdrawal against itself, and rollovers settled by two servers at once, happen once", async () => {
    const { id } = await insertUser(db());
    await fund(id, 2_000_000n);
    const start = new Date("2042-01-01T00:00:00Z");
    const made = await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: 100_000 }, start));
    const attempts = await Promise.allSettled(Array.from({ length: 4 }, () => db().transaction((tx) => withdrawEarly(tx, id, made.investment.id, new Date(start.getTime() + DAY)))));
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);

    for (let index = 0; index < 8; index++) {
      await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: 100_000 + index, maturityInstruction: index % 2 ? "rollover_all" : "rollover_principal" }, start));
    }
    const due = new Date(start.getTime() + 14 * DAY);
    const runs = await Promise.all([settleDue(db(), due, { batchSize: 2, workers: 2 }), settleDue(db(), due, { batchSize: 3, workers: 2 })]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBeGreaterThanOrEqual(8);
    const successors = await db().select().from(investment).where(and(eq(investment.userId, id), eq(investment.status, "active")));
    expect(successors).toHaveLength(8);
    expect(new Set(successors.map((row) => row.rolledOverFrom)).size).toBe(8);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
