import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dailyFigures, ledgerTotalsHour } from "#server/db/schema.js";
import { storedTotals, sumTotals, totalsOf } from "#server/services/daily-figures/ledger-totals.js";
import { readLedgerTotals, sumEveryPosting } from "#server/services/daily-figures/read-ledger-totals.js";
import { sumCompletedDays } from "#server/services/daily-figures/sum-completed-days.js";
import { sumCompletedHour } from "#server/services/daily-figures/sum-completed-hour.js";
import { lastCompleteDay } from "#server/services/daily-figures/utc-days.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { reconcile } from "#server/services/reconciliation/reconcile.js";
import type { AdminOverviewDto } from "#shared/schemas/admin-overview.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const DAY_MS = 86_400_000;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (count: number) => new Date(Date.parse(`${today}T00:00:00Z`) - count * DAY_MS).toISOString().slice(0, 10);
/** A moment at which yesterday is complete whatever the hour the test runs at (the lag is ten minutes). */
const jobNow = () => new Date(Math.max(Date.now(), Date.parse(`${today}T00:10:00Z`)));

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** The stored rows, oldest first. */
const storedRows = () => db().select().from(dailyFigures).orderBy(dailyFigures.day);
/** The stored figures the charts read, oldest first. */
const stored = async () =>
  (await storedRows()).map(({ day, depositsCents, payoutsCents, underManagementCents }) => ({ day, depositsCents, payoutsCents, underManagementCents }));

/**
 * Moves every journal and posting made since `mark`, and the decisions on deposits and payouts, to
 * `day` (from noon UTC on, in the order they were made): money that went through the services today,
 * as if it had on an earlier day. Only a test rewrites the append-only ledger (replica role).
 */
async function backdate(mark: string, day: string) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const moved = (column: string) => sql.raw(`${column} = '${day}T12:00:00Z'::timestamptz + (${column} - '${mark}'::timestamptz)`);
    const since = (column: string) => sql.raw(`${column} >= '${mark}'::timestamptz`);
    await tx.execute(sql`update journal set ${moved("created_at")} where ${since("created_at")}`);
    await tx.execute(sql`update posting set ${moved("created_at")} where ${since("created_at")}`);
    await tx.execute(sql`update deposit set ${moved("decided_at")} where ${since("decided_at")}`);
    await tx.execute(sql`update payout set ${moved("decided_at")} where ${since("decided_at")}`);
  });
}

const databaseNow = async () => (await rows<{ now: string }>(sql`select clock_timestamp()::text as now`))[0]!.now;

/** Each day's deposits, payouts and user balances at its end, as the ledger's own reading (reconciliation) has them. */
async function ledgerTruth(from: string, to: string) {
  const report = await reconcile(db(), { from, to });
  return report.days.map((day) => {
    expect(day.depositsConfirmedCents).toBe(day.depositsLedgerCents);
    expect(day.payoutsPaidCents).toBe(day.payoutsLedgerCents);
    return { day: day.day, depositsCents: BigInt(day.depositsLedgerCents), payoutsCents: BigInt(day.payoutsLedgerCents), underManagementCents: BigInt(day.liabilitiesCents) };
  });
}

describe("the daily figures", () => {
  let admin: Person;
  let alice: Person;

  const deposit = async (cents: number) => {
    const made = await (await alice.client.post("/api/deposits", await bankDepositBody(alice.client, cents))).json();
    expect((await admin.client.post(`/api/admin/deposits/${made.id}/confirm`, {})).status).toBe(200);
  };
  const requestPayout = async (cents: number): Promise<string> => {
    const response = await alice.client.post("/api/payouts", { amountCents: cents, walletAddress: WALLET });
    expect(response.status).toBe(201);
    return (await response.json()).id;
  };
  const markPaid = async (id: string) => expect((await admin.client.post(`/api/admin/payouts/${id}/mark-paid`, { txId: `tx-${id}` })).status).toBe(200);

  it("sums each completed day as the ledger has it; the overview adds today so far", async () => {
    // The server's start-up run summed the series before anything moved.
    await expect.poll(async () => (await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'daily-figures' and state = 'completed'`))[0]!.n).toBeGreaterThan(0);
    admin = await person(suite, { admin: true });
    alice = await person(suite);
    await listWallet(db(), alice.id, WALLET);

    // Long before the series: what users held then is the first day's opening.
    let mark = await databaseNow();
    await deposit(100_000);
    await backdate(mark, daysAgo(120));
    mark = await databaseNow();
    await deposit(50_000);
    const held = await requestPayout(10_000); // held, not paid: still the user's, still under management
    await backdate(mark, daysAgo(3));
    mark = await databaseNow();
    await markPaid(held);
    expect((await alice.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    await backdate(mark, daysAgo(2));
    // Today, for real.
    await deposit(30_000);
    await markPaid(await requestPayout(5_000));
    expect(await verifyLedger(db())).toEqual([]);

    // The start-up run summed these days (and today's hours) before the test moved money into them; a real day never changes once complete.
    await db().delete(dailyFigures);
    await db().delete(ledgerTotalsHour);
    expect(await sumCompletedDays(db(), jobNow())).toBe(89);
    const truth = await ledgerTruth(daysAgo(89), daysAgo(1));
    expect(await stored()).toEqual(truth);
    const byDay = new Map((await stored()).map((row) => [row.day, row]));
    expect(byDay.get(daysAgo(89))).toEqual({ day: daysAgo(89), depositsCents: 0n, payoutsCents: 0n, underManagementCents: 100_000n });
    expect(byDay.get(daysAgo(3))).toEqual({ day: daysAgo(3), depositsCents: 50_000n, payoutsCents: 0n, underManagementCents: 150_000n });
    expect(byDay.get(daysAgo(2))).toEqual({ day: daysAgo(2), depositsCents: 0n, payoutsCents: 10_000n, underManagementCents: 140_000n });
    expect(byDay.get(daysAgo(1))).toEqual({ day: daysAgo(1), depositsCents: 0n, payoutsCents: 0n, underManagementCents: 140_000n });

    const response = await admin.client.get("/api/admin/overview");
    expect(response.status).toBe(200);
    const overview: AdminOverviewDto = await response.json();
    expect(overview.daily).toHaveLength(90);
    expect(overview.daily[0]?.day).toBe(daysAgo(89));
    expect(overview.daily.slice(0, -1)).toEqual(truth.map((day) => ({ day: day.day, depositsCents: Number(day.depositsCents), payoutsCents: Number(day.payoutsCents), underManagementCents: Number(day.underManagementCents) })));
    expect(overview.daily.at(-1)).toEqual({ day: today, depositsCents: 30_000, payoutsCents: 5_000, underManagementCents: 165_000 });
    expect(overview.liabilities.totalCents).toBe(165_000);
    expect(overview.flows.today).toMatchObject({ moneyInCents: 30_000, moneyOutCents: 5_000 });
    // The 120-day-old deposit is outside the last 30 days; the payout paid 2 days ago inside.
    expect(overview.flows.last30Days).toMatchObject({ moneyInCents: 80_000, moneyOutCents: 15_000 });
    expect(overview.flows.allTime).toMatchObject({ moneyInCents: 180_000, moneyOutCents: 15_000 });
    expect(overview.liabilities).toMatchObject({ availableCents: 65_000, investedCents: 100_000, payoutHoldCents: 0 });
  });

  it("reads liabilities and flows from the last stored day and the postings since, as every posting summed has them", async () => {
    const now = new Date();
    const truth = await sumEveryPosting(db(), now);
    expect(truth.recent).not.toEqual(truth.now);
    expect(await readLedgerTotals(db(), now)).toEqual(truth);
    // The stored day is what it reads: a changed row changes the answer.
    await db().execute(sql`update daily_figures set available_cents = available_cents + 1 where day = ${daysAgo(1)}`);
    expect((await readLedgerTotals(db(), now)).now.available).toBe(truth.now.available + 1n);
    // Stored only up to 40 days ago: the last 30 days come from the postings since that day.
    await db().execute(sql`delete from daily_figures where day > ${daysAgo(40)}`);
    expect(await readLedgerTotals(db(), now)).toEqual(truth);
    // Every day stored but the one before the 30 days: every posting summed.
    await sumCompletedDays(db(), jobNow());
    await db().execute(sql`delete from daily_figures where day = ${daysAgo(30)}`);
    expect(await readLedgerTotals(db(), now)).toEqual(truth);
    // Nothing stored: every posting summed.
    await db().delete(dailyFigures);
    expect(await readLedgerTotals(db(), now)).toEqual(truth);
    expect(await sumCompletedDays(db(), jobNow())).toBe(89);
  });

  it("writes nothing new when run again, and the same figures when two runs start at once", async () => {
    const before = await storedRows();
    expect(await sumCompletedDays(db(), jobNow())).toBe(0);
    expect(await storedRows()).toEqual(before);

    await db().delete(dailyFigures);
    const written = await Promise.all([sumCompletedDays(db(), jobNow()), sumCompletedDays(db(), jobNow()), sumCompletedDays(db(), jobNow())]);
    expect(written.sort((a, b) => a - b)).toEqual([0, 0, 89]);
    expect((await storedRows()).map(({ computedAt: _computedAt, ...figures }) => figures)).toEqual(before.map(({ computedAt: _computedAt, ...figures }) => figures));
  });

  it("stores today's last completed hour, and the overview reads it and the postings since, as every posting summed has them", async () => {
    await sumCompletedDays(db(), jobNow());
    await db().delete(ledgerTotalsHour);
    const at = (time: string) => new Date(`${today}T${time}Z`);
    const late = at("23:59:59.000");
    const truth = await sumEveryPosting(db(), late);
    const hours = async () => (await db().select().from(ledgerTotalsHour).orderBy(ledgerTotalsHour.at)).map((row) => row.at.toISOString());
    const summedBefore = async (end: Date) => totalsOf((await rows<Record<string, unknown>>(sql`select ${sumTotals("")} from posting where created_at < ${end.toISOString()}::timestamptz`))[0]!, "");
    await db().insert(ledgerTotalsHour).values({ at: new Date(`${daysAgo(3)}T05:00:00Z`), ...(await db().select().from(dailyFigures).where(sql`day = ${daysAgo(4)}`))[0]!, computedAt: new Date() });

    // Midnight is the day's row; an hour is summed ten minutes after it ends, and once.
    expect(await sumCompletedHour(db(), at("00:15:00"))).toBe(false);
    expect(await sumCompletedHour(db(), at("12:09:59.999"))).toBe(true);
    expect(await sumCompletedHour(db(), at("12:10:00"))).toBe(true);
    expect(await sumCompletedHour(db(), at("12:40:00"))).toBe(false);
    // The hours of days before yesterday are dropped.
    expect(await hours()).toEqual([at("11:00:00").toISOString(), at("12:00:00").toISOString()]);
    for (const end of [at("11:00:00"), at("12:00:00")]) {
      const [row] = await db().select().from(ledgerTotalsHour).where(eq(ledgerTotalsHour.at, end));
      expect(storedTotals(row!)).toEqual(await summedBefore(end));
    }

    expect(await readLedgerTotals(db(), late)).toEqual(truth);
    // The stored hour is what it reads: a changed row changes the answer, an hour after now is not read.
    await db().execute(sql`update ledger_totals_hour set available_cents = available_cents + 1 where at = ${at("12:00:00").toISOString()}::timestamptz`);
    const changed = await readLedgerTotals(db(), late);
    expect([changed.now.available, changed.today.available, changed.recent.available]).toEqual([truth.now.available + 1n, truth.today.available + 1n, truth.recent.available + 1n]);
    expect(await readLedgerTotals(db(), at("11:59:00"))).toEqual(await sumEveryPosting(db(), at("11:59:00")));
    await db().delete(ledgerTotalsHour);
  });

  it("fills every gap in one run, sums a day only ten minutes after it ends, and the job does it on its own", async () => {
    const before = await stored();
    await db().execute(sql`delete from daily_figures where day in (${daysAgo(50)}, ${daysAgo(3)}, ${daysAgo(2)}, ${daysAgo(1)})`);
    // From the earliest gap on: the days after it are written again, with the same figures.
    expect(await sumCompletedDays(db(), jobNow())).toBe(50);
    expect(await stored()).toEqual(before);

    await db().execute(sql`delete from daily_figures where day = ${daysAgo(1)}`);
    expect(await sumCompletedDays(db(), new Date(`${today}T00:09:59.999Z`))).toBe(0);
    expect(await sumCompletedDays(db(), new Date(`${today}T00:10:00.000Z`))).toBe(1);
    expect(await stored()).toEqual(before);

    // A day later on the server's clock (and a quarter of an hour, whatever the hour now), the
    // queued job sums today as the overview showed it so far.
    const moved = await suite.server.client().post("/dev/clock", { days: 1.01 });
    expect(moved.status).toBe(200);
    await expect.poll(async () => (await stored()).at(-1)?.day, { timeout: 15_000 }).toBe(today);
    expect((await stored()).at(-1)).toEqual({ day: today, depositsCents: 30_000n, payoutsCents: 5_000n, underManagementCents: 165_000n });
    expect(lastCompleteDay(suite.server.clock.now())).toBe(today);
    const overview: AdminOverviewDto = await (await admin.client.get("/api/admin/overview")).json();
    expect(overview.daily.find((point) => point.day === today)).toEqual({ day: today, depositsCents: 30_000, payoutsCents: 5_000, underManagementCents: 165_000 });
    expect(overview.daily.at(-1)).toMatchObject({ depositsCents: 0, payoutsCents: 0, underManagementCents: 165_000 });
  });
});
