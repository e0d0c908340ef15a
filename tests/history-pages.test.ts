import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { historyStatement } from "#server/services/ledger/history.js";
import { postJournal, type JournalInput, type JournalKind } from "#server/services/ledger/post-journal.js";
import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);

type Page = { entries: HistoryEntryDto[]; total: number };
const page = async (who: Person, number: number, size: number): Promise<Page> => {
  const response = await who.client.get(`/api/transactions?page=${number}&pageSize=${size}`);
  expect(response.status).toBe(200);
  return response.json();
};

const accountsOf = (userId: string) => (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);

/** Journal n of a life that touches one, two or all of the user's own accounts, and another user's. */
function journal(userId: string, otherId: string, n: number): JournalInput {
  const [available, invested, hold] = accountsOf(userId) as [string, string, string];
  const key = `pages:${userId}:${n}`;
  const shapes: Array<[JournalKind, Array<[string, bigint]>]> = [
    ["investment", [[available, -500n], [invested, 500n]]],
    ["payout_request", [[available, -200n], [hold, 200n]]],
    ["maturity", [[invested, -500n], [platformAccount("interest").id, -30n], [available, 530n]]],
    ["payout_paid", [[hold, -200n], [platformAccount("payouts").id, 200n]]],
    ["transfer", [[available, -70n], [userAccount(otherId, "available").id, 70n]]],
    ["transfer", [[userAccount(otherId, "available").id, -90n], [available, 90n]]],
  ];
  const [kind, legs] = shapes[n % shapes.length]!;
  return { idempotencyKey: key, kind, userId, postings: legs.map(([id, amountCents]) => ({ account: { id }, amountCents })) };
}

/** The whole statement's order, read straight from the tables: every journal on the user's accounts and every deposit not credited. */
async function statementOrder(userId: string): Promise<string[]> {
  const [available, invested, hold] = accountsOf(userId);
  const result = (await db().execute(sql`
    select id from (
      select j.id, j.created_at from journal j where j.id in (select journal_id from posting where account_id in (${available}, ${invested}, ${hold}))
      union all
      select d.id, d.created_at from deposit d where d.user_id = ${userId} and d.status <> 'confirmed'
    ) e order by created_at desc, id desc`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((row) => row.id);
}

/** A user with `count` journals: most in a transaction of their own, some several to one transaction (one created_at). */
async function withHistory(count: number): Promise<{ user: Person; other: Person }> {
  const user = await person({ funds: 1_000_000n });
  const other = await person({ funds: 1_000_000n });
  for (let n = 0; n < count; ) {
    if (n % 10 === 4) {
      const batch = [n, n + 1, n + 2];
      await db().transaction(async (tx) => {
        for (const k of batch) await postJournal(tx, journal(user.id, other.id, k));
      });
      n += batch.length;
    } else {
      await postJournal(db(), journal(user.id, other.id, n));
      n += 1;
    }
  }
  return { user, other };
}

describe("the history, a page at a time", () => {
  it("gives every page as its slice of the whole statement, whatever the page size, with the events whole at the page's edges", async () => {
    const { user, other } = await withHistory(41);
    // Deposits that never reached the ledger sit between the journals.
    for (const [cents, n] of [[7_000, 1200], [8_000, 1206]] as const) {
      expect((await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: cents })).status).toBe(201);
      await postJournal(db(), journal(user.id, other.id, n));
    }
    const order = await statementOrder(user.id);
    expect(order.length).toBe(41 + 1 + 2 + 2);

    const whole = await page(user, 1, 100);
    expect(whole.total).toBe(order.length);
    expect(whole.entries.map((entry) => entry.id)).toEqual(order);
    const byId = new Map(whole.entries.map((entry) => [entry.id, entry]));
    // A maturity moves two own accounts: its words name both amounts, so a half-read event shows.
    expect(whole.entries.find((entry) => entry.event === "maturity_paid")?.description).toBe("Plan: principal $5.00 + profit $0.30");

    for (const size of [1, 2, 3, 7]) {
      const seen: string[] = [];
      for (let number = 1; ; number++) {
        const { entries, total } = await page(user, number, size);
        expect(total).toBe(order.length);
        if (entries.length === 0) {
          expect(number).toBe(Math.ceil(order.length / size) + 1);
          break;
        }
        for (const entry of entries) expect(entry).toEqual(byId.get(entry.id));
        seen.push(...entries.map((entry) => entry.id));
      }
      expect(seen).toEqual(order);
    }
  });

  it("counts every journal and every deposit at once, through whichever server posted them", async () => {
    const admin = await person({ admin: true });
    const { user, other } = await withHistory(5);
    // The funding deposit and 7 journals (5 asked for, the last batch of 3 whole).
    const events = (await statementOrder(user.id)).length;
    expect(events).toBe(8);
    expect((await page(user, 1, 2)).total).toBe(events);
    expect((await page(user, 1, 2)).total).toBe(events);

    // Posted beside the app, as another server would: the next page counts it.
    await postJournal(db(), journal(user.id, other.id, 102));
    const after = await page(user, 1, 2);
    expect(after.total).toBe(events + 1);
    expect(after.entries[0]?.event).toBe("investment_started");

    const deposit = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 9_000 })).json();
    expect((await page(user, 1, 2)).total).toBe(events + 2);
    // Confirmed, the claim becomes a journal: one event still.
    expect((await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {})).status).toBe(200);
    const confirmed = await page(user, 1, 2);
    expect(confirmed.total).toBe(events + 2);
    expect(confirmed.entries[0]?.event).toBe("deposit_confirmed");
    expect(await statementOrder(user.id)).toHaveLength(events + 2);
  });

  it("shows journals posted in one transaction in the order they moved the money: each balance after follows from the one before", async () => {
    const user = await person({ funds: 1_000_000n });
    const other = await person({ funds: 1_000_000n });
    // Eight journals per transaction, one created_at for each eight, most of them in one millisecond:
    // their order comes from their ids alone.
    for (let batch = 0; batch < 5; batch++) {
      await db().transaction(async (tx) => {
        for (let k = 0; k < 8; k++) await postJournal(tx, journal(user.id, other.id, 600 + batch * 8 + k));
      });
    }
    const { entries } = await page(user, 1, 100);
    expect(entries).toHaveLength(41);
    let balance = 0;
    for (const entry of [...entries].reverse()) {
      balance += entry.mainBalanceChangeCents;
      expect(entry.mainBalanceAfterCents ?? balance, `${entry.event} ${entry.id}`).toBe(balance);
    }
    expect(balance).toBe(Number((await user.client.get("/api/me/summary").then((r) => r.json())).mainBalanceCents));
  });

  it("reads a page's worth of postings, and counts the history only after a journal moved the user's accounts", async () => {
    const { user, other } = await withHistory(240);
    const [main = "", invested = "", hold = ""] = accountsOf(user.id);
    const statement = (knownVersion: string | null) => historyStatement({ main, invested, hold, userId: user.id, readLimit: 20, limit: 20, offset: 0, knownVersion });
    const rowsOf = async <T,>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
    const run = (version: string | null) => rowsOf<{ version: string; journals: unknown }>(statement(version));
    const plan = async (version: string | null) => {
      const [row] = await rowsOf<Record<string, unknown>>(sql`explain (analyze, format json) ${statement(version)}`);
      const json = row?.["QUERY PLAN"];
      return postingReads((typeof json === "string" ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>);
    };

    const first = await run(null);
    expect(Number(first[0]?.journals)).toBe(241);
    const { version } = first[0]!;
    // Under the versions it was counted at, the count is not run: only the page's postings are read.
    expect(await run(version)).toEqual(first.map((row) => ({ ...row, journals: null })));
    const remembered = await plan(version);
    expect(remembered.executed).toBeGreaterThan(0);
    expect(remembered.rows).toBeLessThanOrEqual(3 * 20);
    // Without a remembered count, the count reads every posting of the user.
    expect((await plan(null)).rows).toBeGreaterThan(240);

    await postJournal(db(), journal(user.id, other.id, 504));
    const moved = await run(version);
    expect(moved[0]?.version).not.toBe(version);
    expect(Number(moved[0]?.journals)).toBe(242);
  });
});

type PlanNode = { "Relation Name"?: string; "Actual Loops"?: number; "Actual Rows"?: number; Plans?: PlanNode[] };

/** The rows the statement's scans of `posting` returned, and how many of those scans ran. */
function postingReads(plans: Array<{ Plan: PlanNode }>): { rows: number; executed: number } {
  let rows = 0;
  let executed = 0;
  const walk = (node: PlanNode) => {
    if (node["Relation Name"] === "posting" && (node["Actual Loops"] ?? 0) > 0) {
      executed += 1;
      rows += (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 0);
    }
    node.Plans?.forEach(walk);
  };
  plans.forEach((plan) => walk(plan.Plan));
  return { rows, executed };
}
