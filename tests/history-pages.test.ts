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

type Page = { items: HistoryEntryDto[]; nextCursor: string | null };
const page = async (who: Person, limit: number, cursor: string | null = null): Promise<Page> => {
  const response = await who.client.get(`/api/transactions?limit=${limit}${cursor === null ? "" : `&cursor=${cursor}`}`);
  expect(response.status).toBe(200);
  const body: Page = await response.json();
  expect(Object.keys(body).sort()).toEqual(["items", "nextCursor"]);
  return body;
};

/** Every page of the statement from the first, by following each page's cursor. */
async function walk(who: Person, limit: number): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(who, limit, cursor);
    expect(next.items.length).toBeLessThanOrEqual(limit);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return { ids: pages.flatMap((each) => each.items.map((item) => item.id)), pages };
}

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

    const whole = await page(user, 100);
    expect(whole.nextCursor).toBeNull();
    expect(whole.items.map((entry) => entry.id)).toEqual(order);
    const byId = new Map(whole.items.map((entry) => [entry.id, entry]));
    // A maturity moves two own accounts: its words name both amounts, so a half-read event shows.
    expect(whole.items.find((entry) => entry.event === "maturity_paid")?.description).toBe("Plan: principal $5.00 + profit $0.30");

    for (const size of [1, 2, 3, 7]) {
      const { ids, pages } = await walk(user, size);
      expect(ids).toEqual(order);
      expect(pages).toHaveLength(Math.ceil(order.length / size));
      for (const each of pages) for (const entry of each.items) expect(entry).toEqual(byId.get(entry.id));
      // Only the last page says there is none after it; a full last page is not followed by an empty one.
      expect(pages.map((each) => each.nextCursor === null)).toEqual(pages.map((_, index) => index === pages.length - 1));
    }
  });

  it("goes on after the last row seen: events posted meanwhile neither shift nor repeat the older pages", async () => {
    const admin = await person({ admin: true });
    const { user, other } = await withHistory(5);
    const before = await statementOrder(user.id);
    expect(before).toHaveLength(8);
    const first = await page(user, 3);
    expect(first.items.map((entry) => entry.id)).toEqual(before.slice(0, 3));

    // Posted beside the app, as another server would, and a deposit confirmed: both newer than every page.
    await postJournal(db(), journal(user.id, other.id, 102));
    const deposit = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 9_000 })).json();
    expect((await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {})).status).toBe(200);

    const second = await page(user, 3, first.nextCursor);
    expect(second.items.map((entry) => entry.id)).toEqual(before.slice(3, 6));
    const third = await page(user, 3, second.nextCursor);
    expect(third.items.map((entry) => entry.id)).toEqual(before.slice(6));
    expect(third.nextCursor).toBeNull();
    // The first page, read again, starts with them.
    expect((await page(user, 3)).items.map((entry) => entry.event)).toEqual(["deposit_confirmed", "investment_started", ...[before[0]].map(() => expect.any(String))]);
  });

  it("neither skips nor repeats events written in the same millisecond, or at the same instant", async () => {
    const user = await person();
    const made: string[] = [];
    for (const cents of [1_000, 2_000, 3_000, 4_000]) made.push((await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: cents })).json()).id);
    // Three in one millisecond, a microsecond apart or at the very same instant; one a millisecond later.
    const times = ["2026-03-02T10:00:00.123401Z", "2026-03-02T10:00:00.123402Z", "2026-03-02T10:00:00.123402Z", "2026-03-02T10:00:00.124000Z"];
    for (const [index, id] of made.entries()) await db().execute(sql`update deposit set created_at = ${times[index]}::timestamptz where id = ${id}`);
    const order = await statementOrder(user.id);
    expect(order).toHaveLength(4);
    expect(order[0]).toBe(made[3]);
    for (const size of [1, 2, 3]) expect((await walk(user, size)).ids).toEqual(order);
  });

  it("refuses a cursor it did not give with 400 VALIDATION_FAILED, and a limit over 100", async () => {
    const { user } = await withHistory(3);
    const cursor = (await page(user, 1)).nextCursor!;
    const foreign = Buffer.from(JSON.stringify(["createdAt:asc", "2026-03-02T10:00:00.123401Z", "x"])).toString("base64url");
    const millis = Buffer.from(JSON.stringify(["date:desc", "2026-03-02T10:00:00.123Z", "x"])).toString("base64url");
    for (const bad of ["not a cursor", "%00", cursor.slice(0, -3), foreign, millis, "x".repeat(501)]) {
      const response = await user.client.get(`/api/transactions?limit=1&cursor=${encodeURIComponent(bad)}`);
      expect([bad, response.status]).toEqual([bad, 400]);
      const body = await response.json();
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.message).toMatch(/cursor/);
    }
    expect((await user.client.get("/api/transactions?limit=101")).status).toBe(400);
    expect((await user.client.get("/api/transactions?limit=0")).status).toBe(400);
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
    const { items: entries } = await page(user, 100);
    expect(entries).toHaveLength(41);
    let balance = 0;
    for (const entry of [...entries].reverse()) {
      balance += entry.mainBalanceChangeCents;
      expect(entry.mainBalanceAfterCents ?? balance, `${entry.event} ${entry.id}`).toBe(balance);
    }
    expect(balance).toBe(Number((await user.client.get("/api/me/summary").then((r) => r.json())).mainBalanceCents));
  });

  it("reads a page's worth of postings, on the first page and deep in the history alike", async () => {
    const { user } = await withHistory(240);
    const [main = "", invested = "", hold = ""] = accountsOf(user.id);
    const order = await statementOrder(user.id);
    const rowsOf = async <T,>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
    const [deep] = await rowsOf<{ date: string }>(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date from journal where id = ${order[200]!}`);
    for (const after of [undefined, { key: deep!.date, id: order[200]! }]) {
      const statement = historyStatement({ main, invested, hold, userId: user.id, readLimit: 21, after });
      const read = await rowsOf<{ id: string }>(statement);
      const start = after === undefined ? 0 : 201;
      expect(read.map((row) => row.id)).toEqual(order.slice(start, start + 21));
      const [row] = await rowsOf<Record<string, unknown>>(sql`explain (analyze, format json) ${statement}`);
      const json = row?.["QUERY PLAN"];
      const reads = postingReads((typeof json === "string" ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>);
      expect(reads.executed).toBeGreaterThan(0);
      expect(reads.rows).toBeLessThanOrEqual(3 * 21);
    }
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
