import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditLog, investment, plan } from "#server/db/schema.js";
import { summarize } from "#server/services/ledger/summary.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { createInvestment } from "#server/services/investments/create-investment.js";
import { creditInterest } from "#server/services/investments/credit-interest.js";
import { settleBatch, settleDue } from "#server/services/investments/settle-due.js";
import { seedPlans } from "#server/services/plans/seed-plans.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { enrolTwoFactor } from "./helpers/people.js";
import { createTestDatabase, testDatabaseUrl } from "./helpers/database.js";
import type { HttpClient } from "./helpers/http-client.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, signUp, uniqueEmail } from "./helpers/test-server.js";
import { insertUser } from "./helpers/users.js";
import { creditMainBalance } from "./helpers/ledger.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const DAY = 86_400_000;

async function fund(userId: string, cents: bigint) {
  await creditMainBalance(db(), userId, cents, `fund:${userId}:${cents}:${Math.random()}`);
}

async function signedIn(email = uniqueEmail(), asAdmin = false): Promise<{ client: HttpClient; id: string }> {
  await signUp(suite.server.client(), { name: "Ife Investor", email });
  if (asAdmin) await grantAdmin(db(), email);
  const client = suite.server.client();
  await signIn(client, email);
  if (asAdmin) await enrolTwoFactor(client);
  const session = await (await client.get("/api/session")).json();
  return { client, id: session.user.id };
}

const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();

describe("investing", () => {
  it("moves the principal from available to invested and copies the plan's terms", async () => {
    const { client, id } = await signedIn();
    await fund(id, 250_000n);
    const response = await client.request("/api/investments", { body: { planId: "standard", amountCents: 150_000 }, headers: { "Idempotency-Key": "invest-standard-01" } });
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made).toMatchObject({ planName: "Standard", principalCents: 150_000, rateBasisPoints: 1000, termDays: 14, profitCents: 15_000, status: "active", daysLeft: 14, accruedProfitCents: 0 });
    expect(new Date(made.maturesAt).getTime() - new Date(made.startedAt).getTime()).toBe(14 * DAY);

    const replay = await client.request("/api/investments", { body: { planId: "standard", amountCents: 150_000 }, headers: { "Idempotency-Key": "invest-standard-01" } });
    expect((await replay.json()).id).toBe(made.id);
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 100_000, totalInvestCents: 150_000, totalBalanceCents: 250_000 });
    const notes = await (await client.get("/api/notifications")).json();
    expect(notes.items[0]).toMatchObject({ kind: "investment_started" });
  });

  it.each([
    ["below the plan's minimum", { planId: "standard", amountCents: 99_999 }, 400, "The minimum for Standard is $1,000.00."],
    ["above the available balance", { planId: "standard", amountCents: 300_000 }, 409, "Your available balance is not enough for this investment. Deposit funds first."],
    ["zero", { planId: "standard", amountCents: 0 }, 400, "Amount must be more than zero."],
    ["negative", { planId: "standard", amountCents: -5 }, 400, "Amount must be more than zero."],
    ["an unknown plan", { planId: "gold", amountCents: 150_000 }, 400, "This plan is not open for investment."],
    ["a fraction of a cent", { planId: "standard", amountCents: 100_000.5 }, 400, "Amount must be a whole number of cents."],
  ])("refuses %s with a clear error and changes nothing", async (_label, body, status, message) => {
    const { client, id } = await signedIn();
    await fund(id, 200_000n);
    const response = await client.post("/api/investments", body);
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toBe(message);
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 200_000, totalInvestCents: 0 });
    expect((await (await client.get("/api/investments")).json()).items).toEqual([]);
  });

  it("refuses an inactive plan, and plan edits never change existing investments", async () => {
    const admin = await signedIn(uniqueEmail("admin"), true);
    const { client, id } = await signedIn();
    await fund(id, 1_000_000n);
    const first = await (await client.post("/api/investments", { planId: "advanced", amountCents: 200_000 })).json();

    const edit = { name: "Advanced", minimumCents: 300_000, rateBasisPoints: 1300, termDays: 25, features: ["Capital returned at maturity", "Profit credited automatically"], active: true, earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 };
    // A new rate or term waits for a second admin (four eyes): the public plans keep the old terms until then.
    const asked = await admin.client.request("/api/admin/plans/advanced", { method: "PUT", body: edit });
    expect(asked.status).toBe(202);
    expect((await (await suite.server.client().get("/api/plans")).json()).items.find((p: { id: string }) => p.id === "advanced")).toMatchObject({ rateBasisPoints: 1200, termDays: 20 });
    const second = await signedIn(uniqueEmail("second-admin"), true);
    const approve = async (response: Response) => {
      const { pendingApproval } = await response.json();
      expect((await second.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(200);
    };
    await approve(asked);
    expect((await (await suite.server.client().get("/api/plans")).json()).items.find((p: { id: string }) => p.id === "advanced")).toMatchObject({ minimumCents: 300_000, rateBasisPoints: 1300, termDays: 25 });
    const [kept] = (await (await client.get("/api/investments")).json()).items;
    expect(kept).toMatchObject({ id: first.id, rateBasisPoints: 1200, termDays: 20, profitCents: 24_000 });

    await admin.client.request("/api/admin/plans/advanced", { method: "PUT", body: { ...edit, active: false } });
    const refused = await client.post("/api/investments", { planId: "advanced", amountCents: 300_000 });
    expect((await refused.json()).error.message).toBe("This plan is not open for investment.");
    await approve(await admin.client.request("/api/admin/plans/advanced", { method: "PUT", body: { ...edit, minimumCents: 200_000, rateBasisPoints: 1200, termDays: 20 } }));

    const bad = await admin.client.request("/api/admin/plans/advanced", { method: "PUT", body: { ...edit, rateBasisPoints: 0, features: ["only one"] } });
    expect(bad.status).toBe(400);
    expect((await client.request("/api/admin/plans/advanced", { method: "PUT", body: edit })).status).toBe(403);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, "advanced"));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });
});

describe("maturity", () => {
  it("pays principal and profit once when the clock passes the term", async () => {
    const { client, id } = await signedIn();
    await fund(id, 100_000n);
    await client.post("/api/investments", { planId: "standard", amountCents: 100_000 });
    suite.server.clock.advance(13 * DAY);
    expect((await settleDue(db(), suite.server.clock.now())).settled).toBe(0);
    const midway = (await (await client.get("/api/investments")).json()).items[0];
    expect(midway).toMatchObject({ daysLeft: 1, accruedProfitCents: Math.floor((10_000 * 13) / 14) });

    suite.server.clock.advance(2 * DAY);
    const run = await settleDue(db(), suite.server.clock.now());
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 110_000, interestBalanceCents: 10_000, totalInvestCents: 0, totalBalanceCents: 110_000 });
    expect((await (await client.get("/api/investments")).json()).items[0]).toMatchObject({ status: "matured", daysLeft: 0, accruedProfitCents: 10_000 });
    expect((await settleDue(db(), suite.server.clock.now())).settled).toBe(0);
    expect((await summary(client)).mainBalanceCents).toBe(110_000);
    expect((await (await client.get("/api/notifications")).json()).items[0]).toMatchObject({ kind: "investment_matured" });
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe("the settlement queue", () => {
  it("settlers on their own slices, batch after batch from their cursors, pay every due investment once", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => insertUser(db())));
    const start = new Date("2033-01-01T00:00:00Z");
    for (const [index, { id }] of users.entries()) {
      await fund(id, 5_000_000n);
      // Staggered starts, so the queue interleaves users and each settler's batches cross several of them.
      for (let day = 0; day < 4; day++) {
        const started = new Date(start.getTime() + (day * users.length + index) * 3_600_000);
        await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: 100_000 + day }, started));
      }
    }
    const later = new Date(start.getTime() + 30 * DAY);
    // Other tests' investments in this database may be due by then too.
    const run = await settleDue(db(), later, { batchSize: 2, workers: 2 });
    expect(run.settled).toBeGreaterThanOrEqual(20);
    for (const { id } of users) {
      const rows = await db().select().from(investment).where(eq(investment.userId, id));
      expect(rows.every((row) => row.status === "matured" && row.settleJournalId)).toBe(true);
      expect(await summarize(db(), id)).toMatchObject({ totalInvestCents: 0, mainBalanceCents: 5_000_000 + 4 * 10_000 });
    }
    expect((await settleDue(db(), later, { batchSize: 2, workers: 2 })).settled).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("takes whole users in the order the queue meets them, and splits only a user larger than a batch", async () => {
    // A database of its own, so that the queue holds exactly these investments.
    const scratch = await createTestDatabase();
    try {
      const own = scratch.handle.db;
      await seedPlans(own);
      const start = new Date("2035-01-01T00:00:00Z");
      const [first, second, third, large] = [await insertUser(own), await insertUser(own), await insertUser(own), await insertUser(own)];
      const invest = async (userId: string, count: number, offsetHours: number) => {
        await creditMainBalance(own, userId, 10_000_000n);
        for (let index = 0; index < count; index++) {
          // Each user's first investment comes before the next user's, the rest after all of them.
          const started = new Date(start.getTime() + (index === 0 ? offsetHours : 24 + index * 4 + offsetHours) * 3_600_000);
          await own.transaction((tx) => createInvestment(tx, userId, { planId: "standard", amountCents: 200_000 }, started));
        }
      };
      await invest(first.id, 3, 0);
      await invest(second.id, 3, 1);
      await invest(third.id, 3, 2);
      await invest(large.id, 7, 3);
      const later = new Date(start.getTime() + 40 * DAY);
      const owners = (run: { notifications: Array<{ userId: string }> }) => [...new Set(run.notifications.map((item) => item.userId))];

      // Room for 5: the first user's 3; the second user's 3 do not fit and wait, with the cursor before them.
      const one = await own.transaction((tx) => settleBatch(tx, later, 5));
      expect({ settled: one.settled, owners: owners(one), more: one.more }).toEqual({ settled: 3, owners: [first.id], more: true });
      const two = await own.transaction((tx) => settleBatch(tx, later, 5, undefined, one.cursor));
      expect({ settled: two.settled, owners: owners(two), more: two.more }).toEqual({ settled: 3, owners: [second.id], more: true });
      const three = await own.transaction((tx) => settleBatch(tx, later, 5, undefined, two.cursor));
      expect({ settled: three.settled, owners: owners(three) }).toEqual({ settled: 3, owners: [third.id] });
      // A user with 7 due and room for 5: the first 5 now, the other 2 in the next batch.
      const four = await own.transaction((tx) => settleBatch(tx, later, 5, undefined, three.cursor));
      expect({ settled: four.settled, owners: owners(four), more: four.more }).toEqual({ settled: 5, owners: [large.id], more: true });
      const five = await own.transaction((tx) => settleBatch(tx, later, 5, undefined, four.cursor));
      expect({ settled: five.settled, owners: owners(five) }).toEqual({ settled: 2, owners: [large.id] });
      expect((await own.transaction((tx) => settleBatch(tx, later, 5, undefined, five.cursor))).settled).toBe(0);

      expect((await own.select().from(investment)).every((row) => row.status === "matured" && row.settleJournalId)).toBe(true);
      for (const [{ id }, count] of [[first, 3], [second, 3], [third, 3], [large, 7]] as const) {
        expect(await summarize(own, id)).toMatchObject({ mainBalanceCents: 10_000_000 + count * 20_000, totalInvestCents: 0 });
      }
      expect(await verifyLedger(own)).toEqual([]);
    } finally {
      await scratch.dispose();
    }
  });

  it("refuses a due investment whose principal its user's invested account does not hold, and pays nothing of its batch", async () => {
    // A database of its own: the broken investment stays due for good.
    const scratch = await createTestDatabase();
    try {
      const own = scratch.handle.db;
      await seedPlans(own);
      const healthy = await insertUser(own);
      await creditMainBalance(own, healthy.id, 500_000n);
      const start = new Date("2034-01-01T00:00:00Z");
      await own.transaction((tx) => createInvestment(tx, healthy.id, { planId: "standard", amountCents: 200_000 }, start));
      // Written around the ledger, as no code path does: no journal ever moved this user's money, so
      // their invested account (created with the user) holds nothing.
      const broken = await insertUser(own);
      await own.insert(investment).values({
        id: `broken-${broken.id}`,
        userId: broken.id,
        planId: "standard",
        planName: "Standard",
        principalCents: 200_000n,
        rateBasisPoints: 1000,
        termDays: 14,
        profitCents: 20_000n,
        startedAt: start,
        maturesAt: new Date(start.getTime() + 14 * DAY),
      });
      await expect(settleDue(own, new Date(start.getTime() + 20 * DAY))).rejects.toMatchObject({
        cause: { code: "TV001", message: expect.stringMatching(/insufficient funds/) },
      });
      expect((await own.select().from(investment)).map((row) => row.status)).toEqual(["active", "active"]);
      expect(await summarize(own, healthy.id)).toMatchObject({ mainBalanceCents: 300_000, totalInvestCents: 200_000 });
      expect(await verifyLedger(own)).toEqual([]);
    } finally {
      await scratch.dispose();
    }
  });
});

describe("the admin interest tool", () => {
  it("pays what a user's matured investments are owed, once, and says so", async () => {
    const admin = await signedIn(uniqueEmail("admin"), true);
    const { client, id } = await signedIn();
    await fund(id, 500_000n);
    await client.post("/api/investments", { planId: "premium", amountCents: 500_000 });
    suite.server.clock.advance(31 * DAY);

    const reason = { reason: "Matured while the settler was down" };
    expect((await admin.client.post(`/api/admin/users/${id}/credit-interest`, {})).status).toBe(400);
    const first = await admin.client.post(`/api/admin/users/${id}/credit-interest`, reason);
    expect(first.status).toBe(200);
    expect((await first.json()).message).toMatch(new RegExp(`^Successfully updated interest for ${id}\\.`));
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 575_000, interestBalanceCents: 75_000 });

    const second = await admin.client.post(`/api/admin/users/${id}/credit-interest`, reason);
    expect(await second.json()).toMatchObject({ settled: 0, message: `No interest is due for ${id} right now.` });
    expect((await summary(client)).mainBalanceCents).toBe(575_000);

    const unknown = await admin.client.post("/api/admin/users/nobody/credit-interest", reason);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe("User not found.");
    expect((await client.post(`/api/admin/users/${id}/credit-interest`, reason)).status).toBe(403);
    const audits = (await db().select().from(auditLog).where(eq(auditLog.targetId, id))).filter((row) => row.action === "interest.credit");
    expect(audits).toHaveLength(2);
    expect(audits.map((row) => (row.after as { reason: string }).reason)).toEqual([reason.reason, reason.reason]);
  });
});

const SEEDED_RATE_BASIS_POINTS = { standard: 1_000n, advanced: 1_200n, premium: 1_500n, elite: 1_800n, pro: 2_000n } as const;

describe("settlement totals (property)", () => {
  it("credit Σ principal + Σ round(principal × rate), each investment once, in any settlement order", async () => {
    const [standard] = await db().select().from(plan).where(eq(plan.id, "standard"));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cents: fc.integer({ min: 2_000_000, max: 9_000_000 }), plan: fc.constantFrom("standard", "advanced", "premium", "elite", "pro") }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom("job", "admin"), { minLength: 1, maxLength: 4 }),
        async (investments, order) => {
          const { id } = await insertUser(db());
          const { id: operator } = await insertUser(db(), { role: "admin" });
          const total = investments.reduce((sum, item) => sum + BigInt(item.cents), 0n);
          await fund(id, total);
          const start = new Date("2030-01-01T00:00:00Z");
          let expected = 0n;
          for (const item of investments) {
            const made = await db().transaction((tx) => createInvestment(tx, id, { planId: item.plan, amountCents: item.cents }, start));
            // Written out here, not through applyRate(): the seeded rate (docs/product.md, "Plans") and
            // cents × basis points / 10,000 rounded half-up, so a wrong rate or rounding in the code fails.
            expect(BigInt(made.investment.rateBasisPoints)).toBe(SEEDED_RATE_BASIS_POINTS[item.plan]);
            const profit = (BigInt(item.cents) * SEEDED_RATE_BASIS_POINTS[item.plan] + 5_000n) / 10_000n;
            expected += BigInt(item.cents) + profit;
          }
          const later = new Date(start.getTime() + 50 * DAY);
          for (const step of order) {
            if (step === "job") await settleDue(db(), later, { batchSize: 3 });
            else await db().transaction((tx) => creditInterest(tx, operator, id, later, "property test"));
          }
          await settleDue(db(), later);
          const figures = await summarize(db(), id);
          expect(BigInt(figures.mainBalanceCents)).toBe(expected);
          expect(figures.totalInvestCents).toBe(0);
          const rows = await db().select().from(investment).where(eq(investment.userId, id));
          expect(rows.every((row) => row.status === "matured" && row.settleJournalId)).toBe(true);
        },
      ),
      { numRuns: testDatabaseUrl ? 15 : 25 },
    );
    expect(standard?.rateBasisPoints).toBe(1000);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe.runIf(testDatabaseUrl)("settlement under concurrency (PostgreSQL)", () => {
  it("two servers with two settlers each and the admin tool, all at once, pay each investment once", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => insertUser(db())));
    const start = new Date("2031-01-01T00:00:00Z");
    const principals = Array.from({ length: 8 }, (_, index) => BigInt(100_000 + index));
    for (const { id } of users) {
      await fund(id, 10_000_000n);
      for (const principal of principals) await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: Number(principal) }, start));
    }
    const later = new Date(start.getTime() + 20 * DAY);
    const operator = await insertUser(db(), { role: "admin" });
    const runs = await Promise.all([
      settleDue(db(), later, { batchSize: 3, workers: 2 }),
      settleDue(db(), later, { batchSize: 3, workers: 2 }),
      db().transaction((tx) => creditInterest(tx, operator.id, users[0]!.id, later, "race test")),
    ]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(users.length * principals.length);
    const invested = principals.reduce((sum, p) => sum + p, 0n);
    const owed = principals.reduce((sum, p) => sum + p + (p * 1_000n + 5_000n) / 10_000n, 0n);
    for (const { id } of users) {
      expect(BigInt((await summarize(db(), id)).mainBalanceCents)).toBe(10_000_000n - invested + owed);
    }
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("a settler that dies mid-run leaves its batch unpaid, and the next run pays the rest once", async () => {
    const { id } = await insertUser(db());
    const start = new Date("2032-01-01T00:00:00Z");
    await fund(id, 5_000_000n);
    for (let index = 0; index < 10; index++) await db().transaction((tx) => createInvestment(tx, id, { planId: "standard", amountCents: 200_000 }, start));
    const later = new Date(start.getTime() + 15 * DAY);
    // The crash: a run that pays part of a batch and then fails before committing.
    await expect(
      db().transaction(async (tx) => {
        expect((await settleBatch(tx, later, 4, id)).settled).toBe(4);
        throw new Error("settler killed");
      }),
    ).rejects.toThrow("settler killed");
    expect((await summarize(db(), id)).totalInvestCents).toBe(2_000_000);
    const run = await settleDue(db(), later);
    expect(run.settled).toBe(10);
    expect(await summarize(db(), id)).toMatchObject({ totalInvestCents: 0, interestBalanceCents: 200_000 });
    expect((await settleDue(db(), later)).settled).toBe(0);
  });
});
