import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, deposit, payout } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { enrolTwoFactor, person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn } from "./helpers/test-server.js";
import { freshWallet } from "./helpers/wallets.js";
import { insertUser } from "./helpers/users.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-03-01T00:00:00Z");

interface Seeded {
  owners: Array<{ id: string; email: string; name: string }>;
  rows: Array<{ id: string; userId: string; reference: string; amountCents: bigint; method: string; createdAt: Date }>;
}

/**
 * 500 pending deposits in one insert (not 500 requests through the rate limits): five owners, two a
 * day from 1 March 2026, amounts 1..500 dollars in a scrambled order, every tenth pair sharing a
 * timestamp so the id tiebreak is exercised.
 */
async function seedDeposits(count = 500): Promise<Seeded> {
  const tag = randomUUID().slice(0, 8);
  const owners: Seeded["owners"] = [];
  for (let index = 0; index < 5; index++) owners.push(await insertUser(db(), { name: index === 0 ? "=HYPERLINK(\"http://evil\")" : `Owner ${index}`, email: `owner${index}-${tag}@example.com` }));
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    userId: owners[index % 5]!.id,
    reference: `TV-S${tag.toUpperCase()}${String(index).padStart(3, "0")}`,
    method: index % 3 === 0 ? "crypto" : "bank",
    bank: index % 3 === 0 ? null : "uba",
    coin: index % 3 === 0 ? "BTC" : null,
    amountCents: BigInt(((index * 7) % count) + 1) * 100n,
    status: "pending",
    createdAt: new Date(START + Math.floor(index / 2) * (DAY / 2) + (index % 10 === 1 ? -DAY / 2 : 0) + index),
    expiresAt: new Date(START + 400 * DAY),
  }));
  // Every tenth pair shares a timestamp: the id must keep them in one order from page to page.
  for (let index = 10; index < count; index += 10) rows[index + 1]!.createdAt = rows[index]!.createdAt;
  await db().insert(deposit).values(rows);
  return { owners, rows };
}

type Listed = { items: Array<Record<string, unknown> & { id: string }>; nextCursor: string | null; total: number };

/** One page of an admin list, in the one list shape with its total. */
async function listed(client: Person["client"], path: string): Promise<Listed> {
  const response = await client.get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as Listed;
  expect(Object.keys(body).sort()).toEqual(["items", "nextCursor", "total"]);
  return body;
}

/** Every page of an admin list from the first, following each page's cursor: the pages and their items in order. */
async function walk(client: Person["client"], path: string): Promise<{ pages: Listed[]; ids: string[] }> {
  const pages: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page: Listed = await listed(client, `${path}${cursor === null ? "" : `&cursor=${cursor}`}`);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return { pages, ids: pages.flatMap((page) => page.items.map((item) => item.id)) };
}

describe("admin lists: access", () => {
  it.each(["/api/admin/deposits", "/api/admin/payouts", "/api/admin/deposits?format=csv", "/api/admin/payouts?format=csv"])("GET %s: 401 signed out, 403 to a user", async (path) => {
    expect((await suite.server.client().get(path)).status).toBe(401);
    const user = await person();
    const refused = await user.client.get(path);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("FORBIDDEN");
  });

  it("POST /api/admin/payouts/:id/approve: 401 signed out, 403 to a user, 404 for an unknown payout", async () => {
    expect((await suite.server.client().post(`/api/admin/payouts/${randomUUID()}/approve`)).status).toBe(401);
    expect((await (await person()).client.post(`/api/admin/payouts/${randomUUID()}/approve`)).status).toBe(403);
    expect((await (await person({ admin: true })).client.post(`/api/admin/payouts/${randomUUID()}/approve`)).status).toBe(404);
  });
});

describe("GET /api/admin/deposits over 500 pending deposits", () => {
  it("pages, sorts, filters and exports them", { timeout: 120_000 }, async () => {
    const { owners, rows } = await seedDeposits();
    const admin = await person({ admin: true });
    const tag = owners[0]!.email.split("-")[1]!.split("@")[0]!.toUpperCase();
    const mine = `q=TV-S${tag}`;

    // Default: 50 a page, newest first, total of every match, and the cursor of the next page.
    const first = await listed(admin.client, `/api/admin/deposits?${mine}`);
    expect(first.total).toBe(500);
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    expect(first.items.map((item) => item.id)).toEqual(newest.slice(0, 50).map((row) => row.id));

    // Oldest first, ten pages of 50 by their cursors: every deposit exactly once, in order, ties broken by id; the last page has no cursor.
    const oldestPages = await walk(admin.client, `/api/admin/deposits?${mine}&sort=createdAt`);
    const oldest = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(oldestPages.ids).toEqual(oldest.map((row) => row.id));
    expect(oldestPages.pages.map((page) => page.items.length)).toEqual(Array(10).fill(50));
    expect(oldestPages.pages.map((page) => page.total)).toEqual(Array(10).fill(500));

    // The largest page, sorted by amount both ways.
    const big = await listed(admin.client, `/api/admin/deposits?${mine}&limit=100&sort=-amountCents`);
    expect(big.items.map((item) => item.amountCents)).toEqual(Array.from({ length: 100 }, (_, index) => (500 - index) * 100));
    const cheap = await listed(admin.client, `/api/admin/deposits?${mine}&limit=3&sort=amountCents`);
    expect(cheap.items.map((item) => item.amountCents)).toEqual([100, 200, 300]);

    // Filters: owner, method, amount range (dollars, both ends included), date range (UTC days, both included), search by e-mail.
    expect((await listed(admin.client, `/api/admin/deposits?userId=${owners[2]!.id}`)).total).toBe(100);
    expect((await listed(admin.client, `/api/admin/deposits?${mine}&method=crypto`)).total).toBe(rows.filter((row) => row.method === "crypto").length);
    const ranged = await listed(admin.client, `/api/admin/deposits?${mine}&min=100&max=109.99&limit=100`);
    expect(ranged.items.map((item) => item.amountCents).sort()).toEqual(rows.filter((row) => row.amountCents >= 10_000n && row.amountCents <= 10_999n).map((row) => Number(row.amountCents)).sort());
    expect(ranged.total).toBe(10);
    const inMarch2 = rows.filter((row) => row.createdAt.toISOString().startsWith("2026-03-02") || row.createdAt.toISOString().startsWith("2026-03-03"));
    const days = await listed(admin.client, `/api/admin/deposits?${mine}&from=2026-03-02&to=2026-03-03&limit=100`);
    expect(days.items.map((item) => item.id).sort()).toEqual(inMarch2.map((row) => row.id).sort());
    expect(days.total).toBeGreaterThan(0);
    expect((await listed(admin.client, `/api/admin/deposits?q=${encodeURIComponent(owners[3]!.email.toUpperCase())}`)).total).toBe(100);
    expect((await listed(admin.client, `/api/admin/deposits?${mine}&status=confirmed`)).total).toBe(0);
    // A search's % is the character, not a wildcard.
    expect((await listed(admin.client, `/api/admin/deposits?q=${encodeURIComponent("TV-S%")}`)).total).toBe(0);

    // CSV: every match (not one page), amounts as numbers, a name that looks like a formula kept as text.
    const csv = await admin.client.get(`/api/admin/deposits?${mine}&userId=${owners[0]!.id}&sort=amountCents&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("termvest-deposits.csv");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe('"Created (UTC)","Reference","Status","Method","Bank or coin","Claimed (USD)","Received (USD)","Transaction ID","User e-mail","User name","User ID","Decided (UTC)","Reject reason","Deposit ID"');
    const cheapest = rows.filter((row) => row.userId === owners[0]!.id).sort((a, b) => Number(a.amountCents - b.amountCents))[0]!;
    expect(lines[1]).toContain(`,"${cheapest.reference}","pending",`);
    expect(lines[1]).toContain(`,${Number(cheapest.amountCents) / 100}.00,,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=x", "limit"],
    ["cursor=", "cursor"],
    ["cursor=x", "cursor"],
    ["sort=walletAddress", "sort"],
    ["sort=--createdAt", "sort"],
    ["status=lost", "status"],
    ["method=cash", "method"],
    ["from=2026-02-30", "from"],
    ["to=yesterday", "to"],
    ["min=-5", "min"],
    ["max=1.234", "max"],
    ["format=xml", "format"],
    // A range that cannot hold anything is a mistake to point out, not an empty page.
    ["from=2026-03-02&to=2026-03-01", "to"],
    ["min=100&max=99.99", "max"],
  ])("refuses %s with a 400 on that field", async (query, field) => {
    const admin = await person({ admin: true });
    const refused = await admin.client.get(`/api/admin/deposits?${query}`);
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.fields)).toEqual([field]);
  });
});

const LARGE = 1_000_000; // $10,000.00: the default PAYOUT_APPROVAL_USD, so it needs four eyes.

async function requestPayout(user: Person, amountCents: number, walletAddress = freshWallet()): Promise<{ id: string }> {
  const made = await user.client.post("/api/payouts", { amountCents, walletAddress });
  expect(made.status, await made.clone().text()).toBe(201);
  return made.json();
}

describe("GET /api/admin/payouts", () => {
  it("filters by status (awaiting_approval too), user, search and amount, and exports CSV", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 5_000_000n, name: "Payee Filtered" });
    const small = await requestPayout(user, 20_000);
    const paid = await requestPayout(user, 30_000);
    expect((await admin.client.post(`/api/admin/payouts/${paid.id}/mark-paid`, { txId: "tx-filter" })).status).toBe(200);
    const wallet = freshWallet();
    const large = await requestPayout(user, LARGE, wallet);

    const all = await listed(admin.client, `/api/admin/payouts?userId=${user.id}&sort=amountCents`);
    expect(all.items.map((item) => item.id)).toEqual([small.id, paid.id, large.id]);
    expect(all.items.map((item) => item.needsApproval)).toEqual([false, false, true]);
    expect((await listed(admin.client, `/api/admin/payouts?userId=${user.id}&status=requested`)).items.map((item) => item.id).sort()).toEqual([small.id, large.id].sort());
    expect((await listed(admin.client, `/api/admin/payouts?userId=${user.id}&status=paid`)).items.map((item) => item.id)).toEqual([paid.id]);
    expect((await listed(admin.client, `/api/admin/payouts?userId=${user.id}&status=awaiting_approval`)).items.map((item) => item.id)).toEqual([large.id]);
    expect((await listed(admin.client, `/api/admin/payouts?q=${encodeURIComponent(user.email)}&min=250&max=300`)).items.map((item) => item.id)).toEqual([paid.id]);
    expect((await listed(admin.client, `/api/admin/payouts?q=tx-filter`)).items.map((item) => item.id)).toEqual([paid.id]);

    const other = await person({ admin: true });
    expect((await other.client.post(`/api/admin/payouts/${large.id}/approve`)).status).toBe(200);
    expect((await listed(admin.client, `/api/admin/payouts?userId=${user.id}&status=awaiting_approval`)).items).toEqual([]);
    const approved = (await listed(admin.client, `/api/admin/payouts?userId=${user.id}&sort=-amountCents&limit=1`)).items[0]!;
    expect(approved).toMatchObject({ id: large.id, needsApproval: true, approvedBy: { id: other.id, email: other.email } });

    const csv = await admin.client.get(`/api/admin/payouts?userId=${user.id}&sort=amountCents&format=csv`);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('"Amount (USD)","Wallet address"');
    expect(lines[3]).toContain(`"requested",10000.00,"${wallet}"`);
    expect(lines[3]).toContain(`"yes","${other.email}"`);
  });
});

describe("four eyes on large payouts", () => {
  it("one admin can never pay a large payout alone: approval first, by someone else than the one who marks it paid", async () => {
    const [first, second] = [await person({ admin: true }), await person({ admin: true })];
    const user = await person({ funds: 2_000_000n });
    const made = await requestPayout(user, LARGE);

    const early = await first.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-early" });
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toMatch(/second approval/);

    const key = { "Idempotency-Key": randomUUID() };
    const approved = await first.client.request(`/api/admin/payouts/${made.id}/approve`, { method: "POST", body: {}, headers: key });
    expect(approved.status).toBe(200);
    // The same request again replays the first answer; a new one is a conflict.
    const replay = await first.client.request(`/api/admin/payouts/${made.id}/approve`, { method: "POST", body: {}, headers: key });
    expect(replay.status).toBe(200);
    expect((await second.client.post(`/api/admin/payouts/${made.id}/approve`)).status).toBe(409);

    const alone = await first.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-alone" });
    expect(alone.status).toBe(403);
    expect((await alone.json()).error.message).toMatch(/another admin must mark it paid/);
    expect((await second.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-second" })).status).toBe(200);

    const [row] = await db().select().from(payout).where(eq(payout.id, made.id));
    expect(row).toMatchObject({ status: "paid", approvedBy: first.id, decidedBy: second.id, txId: "tx-second" });
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.targetId, made.id), eq(auditLog.action, "payout.approve")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: first.id });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("the database refuses a paid payout whose approver marked it paid, whatever the code does", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 2_000_000n });
    const made = await requestPayout(user, LARGE);
    await expect(db().update(payout).set({ status: "paid", approvedBy: admin.id, decidedBy: admin.id }).where(eq(payout.id, made.id))).rejects.toThrow();
  });

  it("a payout below the threshold needs no approval, and cannot be given one", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 2_000_000n });
    const made = await requestPayout(user, LARGE - 1);
    expect((await admin.client.post(`/api/admin/payouts/${made.id}/approve`)).status).toBe(409);
    expect((await admin.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-small" })).status).toBe(200);
  });

  it("counts a recipient's payouts over 24 hours, to the account or to the address, not each one alone", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 3_000_000n });
    // Split under the threshold: the payout that brings the day's total to it needs a second admin.
    const first = await requestPayout(user, LARGE / 2);
    const second = await requestPayout(user, LARGE / 2);
    expect((await admin.client.post(`/api/admin/payouts/${first.id}/mark-paid`, { txId: "tx-split-1" })).status).toBe(200);
    const alone = await admin.client.post(`/api/admin/payouts/${second.id}/mark-paid`, { txId: "tx-split-2" });
    expect(alone.status).toBe(409);
    expect((await alone.json()).error.message).toMatch(/second approval/);
    // Another account paying to an address that already received the threshold's worth today.
    const wallet = freshWallet();
    const [one, two] = [await person({ funds: 1_000_000n }), await person({ funds: 1_000_000n })];
    const before = await requestPayout(one, LARGE - 100_000, wallet);
    const after = await requestPayout(two, 100_000, wallet);
    const waiting = await listed(admin.client, `/api/admin/payouts?status=awaiting_approval&q=${wallet}`);
    expect(waiting.items.map((item) => item.id)).toEqual([after.id]);
    expect((await admin.client.post(`/api/admin/payouts/${before.id}/mark-paid`, { txId: "tx-address-1" })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/payouts/${after.id}/mark-paid`, { txId: "tx-address-2" })).status).toBe(409);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("the approver may still reject it, and a rejected payout cannot be approved", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 2_000_000n });
    const made = await requestPayout(user, LARGE);
    expect((await admin.client.post(`/api/admin/payouts/${made.id}/approve`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/payouts/${made.id}/reject`, { reason: "The user asked us to stop it." })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/payouts/${made.id}/approve`)).status).toBe(409);
  });

  it("an admin never approves, marks paid or rejects a payout they requested themselves, at any amount", async () => {
    // Requested while still a user: with two-factor on, each payout would need a fresh code.
    const requester = await person({ funds: 5_000_000n });
    const small = await requestPayout(requester, 20_000);
    const large = await requestPayout(requester, LARGE);
    await grantAdmin(db(), requester.email);
    expect((await signIn(requester.client, requester.email)).status).toBe(200);
    await enrolTwoFactor(requester.client);
    const [approver, payer] = [await person({ admin: true }), await person({ admin: true })];

    for (const made of [large, small]) {
      const attempts = [
        await requester.client.post(`/api/admin/payouts/${made.id}/approve`),
        await requester.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-self" }),
        await requester.client.post(`/api/admin/payouts/${made.id}/reject`, { reason: "Changed my mind." }),
      ];
      expect(attempts.map((response) => response.status)).toEqual([403, 403, 403]);
      const messages = await Promise.all(attempts.map(async (response) => (await response.json()).error.message));
      expect(messages).toEqual([
        "This is your own payout, so another admin must approve it.",
        "This is your own payout, so another admin must mark it paid.",
        "This is your own payout, so another admin must reject it.",
      ]);
    }
    // Others decide it as usual, and nothing the requester tried left a trace.
    expect((await approver.client.post(`/api/admin/payouts/${large.id}/approve`)).status).toBe(200);
    expect((await requester.client.post(`/api/admin/payouts/${large.id}/mark-paid`, { txId: "tx-self" })).status).toBe(403);
    expect((await payer.client.post(`/api/admin/payouts/${large.id}/mark-paid`, { txId: "tx-large" })).status).toBe(200);
    expect((await payer.client.post(`/api/admin/payouts/${small.id}/mark-paid`, { txId: "tx-small" })).status).toBe(200);
    const rows = await db().select().from(payout).where(eq(payout.userId, requester.id));
    expect(rows.map((row) => [row.status, row.approvedBy, row.decidedBy]).sort()).toEqual(
      [
        ["paid", approver.id, payer.id],
        ["paid", null, payer.id],
      ].sort(),
    );
    const decisions = await db().select().from(auditLog).where(and(eq(auditLog.actorId, requester.id), like(auditLog.action, "payout.%")));
    expect(decisions).toEqual([]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("under concurrency: one approval, one payment, never by the approver", { timeout: 60_000 }, async () => {
    const admins = [await person({ admin: true }), await person({ admin: true }), await person({ admin: true })];
    const user = await person({ funds: 10_000_000n });
    const payouts = [await requestPayout(user, LARGE), await requestPayout(user, LARGE), await requestPayout(user, LARGE)];

    for (const made of payouts) {
      // Every admin approves and marks paid at once, several times over.
      const attempts = await Promise.all(
        admins.flatMap((admin, index) => [
          admin.client.post(`/api/admin/payouts/${made.id}/approve`).then((r) => ({ kind: "approve", status: r.status })),
          admin.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: `tx-${index}` }).then((r) => ({ kind: "pay", status: r.status })),
          admin.client.post(`/api/admin/payouts/${made.id}/approve`).then((r) => ({ kind: "approve", status: r.status })),
          admin.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: `tx-${index}b` }).then((r) => ({ kind: "pay", status: r.status })),
        ]),
      );
      expect(attempts.filter((attempt) => attempt.kind === "approve" && attempt.status === 200)).toHaveLength(1);
      expect(attempts.filter((attempt) => attempt.kind === "pay" && attempt.status === 200).length).toBeLessThanOrEqual(1);
      expect(attempts.every((attempt) => [200, 403, 409].includes(attempt.status))).toBe(true);
      const [row] = await db().select().from(payout).where(eq(payout.id, made.id));
      expect(row!.approvedBy).not.toBeNull();
      if (row!.status === "paid") expect(row!.decidedBy).not.toBe(row!.approvedBy);
    }

    // Paying and rejecting an approved payout at once: exactly one wins.
    const [approver, payer, rejecter] = admins as [Person, Person, Person];
    const raced = await requestPayout(user, LARGE);
    expect((await approver.client.post(`/api/admin/payouts/${raced.id}/approve`)).status).toBe(200);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? payer.client.post(`/api/admin/payouts/${raced.id}/mark-paid`, { txId: `tx-race-${index}` }).then((r) => r.status)
          : rejecter.client.post(`/api/admin/payouts/${raced.id}/reject`, { reason: "Race." }).then((r) => r.status),
      ),
    );
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
