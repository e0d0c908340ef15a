import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactMessage, deposit, outgoingMail, payout } from "#server/db/schema.js";
import { recordAudit } from "#server/services/audit/record-audit.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { enrolTwoFactor, person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
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
  expect(Object.keys(body).sort()).toEqual(["items", "nextCursor", "total", "totalCapped"]);
  return body;
}

const withParam = (path: string, param: string) => `${path}${path.includes("?") ? "&" : "?"}${param}`;

/** Every page of an admin list from the first, following each page's cursor: the pages and their items in order. */
async function walk(client: Person["client"], path: string): Promise<{ pages: Listed[]; ids: string[] }> {
  const pages: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page: Listed = await listed(client, cursor === null ? path : withParam(path, `cursor=${cursor}`));
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
    expect(lines[0]).toBe('"Created (UTC)","Reference","Status","Method","Bank or coin","Claimed (USD)","Received (USD)","Transaction ID","User e-mail","User name","User ID","Decided (UTC)","Reject reason","Invoice BTC asked","Invoice BTC received","Invoice exception","Credited at (USD per BTC)","Refund transaction ID","Left the chain (UTC)","Deposit ID"');
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

/** Ids in a list's order: `key` then the tiebreak (the id unless said), both ascending or both descending; text compared by code unit, as COLLATE "C". */
function inOrder<R extends { id: string }>(rows: R[], key: (row: R) => bigint | string, direction: "asc" | "desc", tiebreak: (row: R) => bigint | string = (row) => row.id): string[] {
  const compare = (x: bigint | string, y: bigint | string) => (x < y ? -1 : x > y ? 1 : 0);
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * (compare(key(a), key(b)) || compare(tiebreak(a), tiebreak(b)))).map((row) => row.id);
}

/** Walks a list by its cursors and checks the pages: full but the last, each with the true total, the last without a cursor; answers the ids in order. */
async function walkChecked(client: Person["client"], path: string, limit: number, total?: number): Promise<string[]> {
  const { pages, ids } = await walk(client, withParam(path, `limit=${limit}`));
  expect(pages.slice(0, -1).every((page) => page.items.length === limit && page.nextCursor !== null), path).toBe(true);
  expect(pages.at(-1)!.items.length, path).toBeLessThanOrEqual(limit);
  if (total !== undefined) expect(pages.map((page) => page.total), path).toEqual(pages.map(() => total));
  expect(new Set(ids).size, `${path}: a row twice`).toBe(ids.length);
  return ids;
}

describe("keyset pages of the admin lists", () => {
  it("walk a sorted, filtered deposit list page by page: every match once, in order, through ties on the key", { timeout: 120_000 }, async () => {
    const admin = await person({ admin: true });
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const owner = await insertUser(db(), { name: "Tie Owner", email: `ties-${tag.toLowerCase()}@example.com` });
    const stranger = await insertUser(db(), { name: "Tie Stranger", email: `stranger-${tag.toLowerCase()}@example.com` });
    const base = Date.parse("2026-04-01T10:00:00Z");
    // Three amounts and three instants for 41 deposits: most rows tie on either key, many across a page's edge.
    const rows = Array.from({ length: 41 }, (_, index) => ({
      id: randomUUID(),
      userId: index % 8 === 7 ? stranger.id : owner.id,
      reference: `TV-T${tag}${String(index).padStart(3, "0")}`,
      method: index % 5 === 0 ? "crypto" : "bank",
      bank: index % 5 === 0 ? null : "uba",
      coin: index % 5 === 0 ? "BTC" : null,
      amountCents: BigInt([100, 200, 200, 300][index % 4]!) * 100n,
      status: "pending",
      createdAt: new Date(base + (index % 3) * 60_000),
      expiresAt: new Date(base + 400 * DAY),
    }));
    await db().insert(deposit).values(rows);
    // Two of them a microsecond after the rest of their instant (and tied with each other): a cursor keeps microseconds.
    const micros = new Map(rows.map((row) => [row.id, BigInt(row.createdAt.getTime()) * 1000n]));
    for (const row of [rows[3]!, rows[6]!]) {
      await db().execute(sql`update deposit set created_at = created_at + interval '1 microsecond' where id = ${row.id}`);
      micros.set(row.id, micros.get(row.id)! + 1n);
    }
    const matching = rows.filter((row) => row.userId === owner.id && row.method === "bank" && row.amountCents >= 15_000n);
    expect(matching.length).toBeGreaterThan(12);
    const filters = `/api/admin/deposits?userId=${owner.id}&method=bank&min=150`;

    const keys: Record<string, (row: (typeof rows)[number]) => bigint | string> = {
      amountCents: (row) => row.amountCents,
      createdAt: (row) => micros.get(row.id)!,
      email: () => owner.email,
      status: (row) => row.status,
      reference: (row) => row.reference,
    };
    for (const [key, keyOf] of Object.entries(keys)) {
      for (const direction of ["asc", "desc"] as const) {
        const sort = direction === "asc" ? key : `-${key}`;
        const ids = await walkChecked(admin.client, `${filters}&sort=${sort}`, 4, matching.length);
        expect(ids, `sort=${sort}`).toEqual(inOrder(matching, keyOf, direction));
      }
    }
    // The default order (newest first) too, with the default page of 50: one page, no cursor.
    expect(await walkChecked(admin.client, filters, 50, matching.length)).toEqual(inOrder(matching, keys.createdAt!, "desc"));
  });

  it("walk the payouts, users, audit log, inbox, mail and a user's audit entries through ties the same way", { timeout: 120_000 }, async () => {
    const admin = await person({ admin: true });
    const tag = randomUUID().slice(0, 8).toLowerCase();
    const base = Date.parse("2026-04-02T10:00:00Z");

    // Payouts: two amounts, two instants, some cancelled (filtered out).
    const payee = await insertUser(db(), { name: "Tie Payee", email: `payee-${tag}@example.com` });
    const payouts = Array.from({ length: 11 }, (_, index) => ({
      id: randomUUID(),
      userId: payee.id,
      amountCents: BigInt([500, 500, 700][index % 3]!) * 100n,
      walletAddress: freshWallet(),
      status: index % 4 === 3 ? "cancelled" : "requested",
      createdAt: new Date(base + (index % 2) * 1000),
    }));
    await db().insert(payout).values(payouts);
    const requested = payouts.filter((row) => row.status === "requested");
    const payoutPath = `/api/admin/payouts?userId=${payee.id}&status=requested`;
    expect(await walkChecked(admin.client, `${payoutPath}&sort=amountCents`, 3, requested.length)).toEqual(inOrder(requested, (row) => row.amountCents, "asc"));
    expect(await walkChecked(admin.client, `${payoutPath}&sort=-createdAt`, 3, requested.length)).toEqual(inOrder(requested, (row) => BigInt(row.createdAt.getTime()), "desc"));
    expect(await walkChecked(admin.client, `${payoutPath}&sort=-email`, 2, requested.length)).toEqual(inOrder(requested, () => payee.email, "desc"));

    // Users: names that tie and differ only in case (byte order: "Ada" < "Bola" < "ada"), one role for all.
    const people = [];
    for (const [index, name] of ["ada Tie", "Bola Tie", "Ada Tie", "ada Tie", "Bola Tie", "Ada Tie", "Chi Tie"].entries()) {
      people.push(await insertUser(db(), { name, email: `${tag}-named${index}@example.com` }));
    }
    const usersPath = `/api/admin/users?q=${tag}-named`;
    const named = people;
    expect(await walkChecked(admin.client, `${usersPath}&sort=name`, 2, named.length)).toEqual(inOrder(named, (row) => row.name, "asc"));
    expect(await walkChecked(admin.client, `${usersPath}&sort=-name`, 3, named.length)).toEqual(inOrder(named, (row) => row.name, "desc"));
    expect(await walkChecked(admin.client, `${usersPath}&sort=role`, 2, named.length)).toEqual(inOrder(named, (row) => row.role, "asc"));
    expect(await walkChecked(admin.client, `${usersPath}&sort=-email`, 4, named.length)).toEqual(inOrder(named, (row) => row.email, "desc"));

    // The audit log: two actions, three actors (one of them nobody, sorted as ""), ties ordered by the chain's seq.
    const other = await person({ admin: true });
    const actors = [{ id: admin.id, email: admin.email }, { id: null, email: "" }, { id: other.id, email: other.email }];
    const written: Array<{ id: string; action: string; actor: string; seq: bigint }> = [];
    for (let index = 0; index < 9; index++) {
      const actor = actors[index % 3]!;
      const action = index % 2 === 0 ? "tie.b" : "tie.a";
      await recordAudit(db(), { actorId: actor.id, action, targetType: `tie-${tag}`, targetId: String(index), before: null, after: null });
      const [row] = await db().select({ id: auditLog.id, seq: auditLog.seq }).from(auditLog).where(and(eq(auditLog.targetType, `tie-${tag}`), eq(auditLog.targetId, String(index))));
      written.push({ id: row!.id, action, actor: actor.email, seq: BigInt(row!.seq) });
    }
    const auditPath = `/api/admin/audit?target=tie-${tag}`;
    const bySeq = (row: (typeof written)[number]) => row.seq;
    expect(await walkChecked(admin.client, `${auditPath}&sort=action`, 2, 9)).toEqual(inOrder(written, (row) => row.action, "asc", bySeq));
    expect(await walkChecked(admin.client, `${auditPath}&sort=-action`, 4, 9)).toEqual(inOrder(written, (row) => row.action, "desc", bySeq));
    expect(await walkChecked(admin.client, `${auditPath}&sort=actor`, 2, 9)).toEqual(inOrder(written, (row) => row.actor, "asc", bySeq));
    expect(await walkChecked(admin.client, `${auditPath}&sort=-actor`, 3, 9)).toEqual(inOrder(written, (row) => row.actor, "desc", bySeq));
    expect(await walkChecked(admin.client, `${auditPath}&sort=-seq`, 4, 9)).toEqual(inOrder(written, bySeq, "desc", bySeq));

    // The inbox: five messages written in one statement share one instant; two are archived.
    const messages = Array.from({ length: 5 }, (_, index) => ({ id: randomUUID(), name: "Tie Visitor", email: `visitor-${tag}@example.com`, message: "Hello.", status: index % 2 === 1 ? "archived" : "new" }));
    await db().insert(contactMessage).values(messages);
    const mine = (ids: string[]) => ids.filter((id) => messages.some((row) => row.id === id));
    expect(mine(await walkChecked(admin.client, "/api/admin/messages?sort=-createdAt", 2))).toEqual(inOrder(messages, () => "", "desc"));
    expect(mine(await walkChecked(admin.client, "/api/admin/messages?sort=status", 2))).toEqual(inOrder(messages, (row) => row.status, "asc"));

    // Dead mail, newest first: seven messages at two instants.
    const dead = Array.from({ length: 7 }, (_, index) => ({
      id: randomUUID(),
      kind: "deposit_confirmed",
      to: `mail-${tag}@example.com`,
      subject: "Deposit confirmed",
      text: "In.",
      status: "dead",
      attempts: 12,
      createdAt: new Date(base + (index % 2) * 1000),
    }));
    await db().insert(outgoingMail).values(dead);
    const mail = (ids: string[]) => ids.filter((id) => dead.some((row) => row.id === id));
    expect(mail(await walkChecked(admin.client, "/api/admin/mail?status=dead", 3))).toEqual(inOrder(dead, (row) => BigInt(row.createdAt.getTime()), "desc"));

    // A user's audit entries, five written in one transaction: one instant, the id orders them.
    const subject = await insertUser(db(), { name: "Tie Subject", email: `subject-${tag}@example.com` });
    await db().transaction(async (tx) => {
      for (let index = 0; index < 5; index++) await recordAudit(tx, { actorId: admin.id, action: "user.tie", targetType: "user", targetId: subject.id, before: null, after: { index } });
    });
    const entries = await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.targetId, subject.id));
    expect(await walkChecked(admin.client, `/api/admin/users/${subject.id}/audit`, 2, 5)).toEqual(inOrder(entries, () => "", "desc"));
  });

  it("refuses a cursor made under another sort order, or not made by the server, with a 400 VALIDATION_FAILED on cursor", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 1_000_000n });
    for (const amount of [20_000, 20_000, 30_000]) await requestPayout(user, amount);
    const list = `/api/admin/payouts?userId=${user.id}&limit=1`;
    const first = await listed(admin.client, `${list}&sort=amountCents`);
    const cursor = first.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    expect((await listed(admin.client, `${list}&sort=amountCents&cursor=${cursor}`)).items).toHaveLength(1);

    const refused = async (query: string, why: RegExp) => {
      const response = await admin.client.get(query);
      expect(response.status, query).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(error.fields)).toEqual(["cursor"]);
      expect(error.fields.cursor).toMatch(why);
    };
    // The same list in another order (the other direction, another key, the default), and another list in another order.
    for (const sort of ["-amountCents", "createdAt", "status"]) await refused(`${list}&sort=${sort}&cursor=${cursor}`, /another sort order/);
    await refused(`${list}&cursor=${cursor}`, /another sort order/);
    await refused(`/api/admin/users?cursor=${cursor}`, /another sort order/);
    await refused(`/api/admin/users/${user.id}/payouts?cursor=${cursor}`, /another sort order/);

    // Tampered: cut short, re-encoded with a key that is not one of this order's, an empty id, another shape, not base64url.
    const [order, key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string, string];
    expect([order, key]).toEqual(["amountCents:asc", "20000"]);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
    await refused(`${list}&sort=amountCents&cursor=${cursor.slice(0, -6)}`, /does not decode/);
    await refused(`${list}&sort=amountCents&cursor=${encode([order, "20000.5", id])}`, /malformed/);
    await refused(`${list}&sort=amountCents&cursor=${encode([order, "1e9", id])}`, /malformed/);
    await refused(`${list}&sort=amountCents&cursor=${encode([order, key, ""])}`, /malformed/);
    await refused(`${list}&sort=amountCents&cursor=${encode([order, key, id, "more"])}`, /does not decode/);
    await refused(`${list}&sort=amountCents&cursor=${encode({ order, key, id })}`, /does not decode/);
    await refused(`${list}&sort=-createdAt&cursor=${encode(["createdAt:desc", "2026-04-01T10:00:00Z", id])}`, /malformed/);
    await refused(`${list}&sort=amountCents&cursor=${encodeURIComponent(`${cursor}=`)}`, /not base64url/);
  });
});

const LARGE = 1_000_000; // $10,000.00: the default PAYOUT_APPROVAL_USD, so it needs four eyes.

/** A payout to `walletAddress` (a fresh one by default), put on the user's withdrawal list first. */
async function requestPayout(user: Person, amountCents: number, walletAddress?: string): Promise<{ id: string }> {
  const made = await user.client.post("/api/payouts", { amountCents, walletAddress: await listWallet(db(), user.id, walletAddress) });
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
