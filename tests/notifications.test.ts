import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notification } from "#server/db/schema.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person as newPerson } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

type Item = { id: string; kind: string; title: string; link: string | null; readAt: string | null };
const list = async (client: Awaited<ReturnType<typeof person>>["client"], query = "") => (await client.get(`/api/notifications${query}`)).json();
const newest = async (client: Awaited<ReturnType<typeof person>>["client"], kind: string): Promise<Item | undefined> =>
  (await list(client, "?limit=100")).items.find((item: Item) => item.kind === kind);

/** Notifications numbered 1..count, a second apart, so their order is known; answers the first's time. */
async function seed(userId: string, count: number): Promise<number> {
  const start = Date.now() - count * 1_000;
  await db()
    .insert(notification)
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: randomUUID(),
        userId,
        kind: "payout_requested",
        title: `Note ${index + 1}`,
        body: `Body ${index + 1}`,
        subjectId: `subject-${index + 1}`,
        createdAt: new Date(start + index * 1_000),
      })),
    );
  return start;
}

describe("the notification list", () => {
  it("pages on the server by cursor, newest first, with the unread count of all of them", async () => {
    const user = await person();
    const start = await seed(user.id, 25);
    const first = await list(user.client, "?limit=10");
    expect(Object.keys(first).sort()).toEqual(["items", "nextCursor", "unread"]);
    expect(first).toMatchObject({ unread: 25, nextCursor: expect.any(String) });
    expect(first.items.map((item: Item) => item.title)).toEqual(Array.from({ length: 10 }, (_, index) => `Note ${25 - index}`));
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      kind: "payout_requested",
      title: "Note 25",
      body: "Body 25",
      link: "/dashboard/transaction#payout-subject-25",
      readAt: null,
      createdAt: new Date(start + 24_000).toISOString(),
    });
    const second = await list(user.client, `?limit=10&cursor=${first.nextCursor}`);
    expect(second.items.map((item: Item) => item.title)).toEqual(Array.from({ length: 10 }, (_, index) => `Note ${15 - index}`));
    const last = await list(user.client, `?limit=10&cursor=${second.nextCursor}`);
    expect(last).toMatchObject({ nextCursor: null, unread: 25 });
    expect(last.items.map((item: Item) => item.title)).toEqual(["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"]);
    expect(await list((await person()).client)).toEqual({ items: [], nextCursor: null, unread: 0 });
    // The default page is the first 20.
    expect((await list(user.client)).items).toHaveLength(20);
  });

  it.each([
    ["limit=0", { limit: "limit is at least 1." }],
    ["limit=101", { limit: "limit is at most 100." }],
    ["limit=two", { limit: expect.any(String) }],
    ["cursor=bm90IG91cnM", { cursor: expect.any(String) }],
  ])("refuses ?%s with a 400", async (query, fields) => {
    const user = await person();
    const response = await user.client.get(`/api/notifications?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "VALIDATION_FAILED", fields });
  });

  it("marks every page read at once, and only the caller's", async () => {
    const user = await person();
    const other = await person();
    await seed(user.id, 30);
    await seed(other.id, 2);
    const one = (await list(user.client, `?limit=10&cursor=${(await list(user.client, "?limit=10")).nextCursor}`)).items[0] as Item;
    expect((await user.client.post(`/api/notifications/${one.id}/read`)).status).toBe(200);
    expect((await list(user.client, "?limit=1")).unread).toBe(29);
    expect((await other.client.post(`/api/notifications/${one.id}/read`)).status).toBe(404);

    expect((await user.client.post("/api/notifications/read-all")).status).toBe(200);
    const after = await list(user.client, "?limit=100");
    expect(after).toMatchObject({ nextCursor: null, unread: 0 });
    expect(after.items).toHaveLength(30);
    expect(after.items.every((item: Item) => item.readAt !== null && new Date(item.readAt).toISOString() === item.readAt)).toBe(true);
    expect((await list(other.client)).unread).toBe(2);
  });
});

describe("each notification links to what it is about", () => {
  it("derives the link from the kind and the subject: deposit, investment, payout, transfer, money request", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 500_000n, name: "Ada Obi" });
    await listWallet(db(), user.id, WALLET);
    const friend = await person({ name: "Femi Ola" });

    const deposit = await (await user.client.post("/api/deposits", await bankDepositBody(user.client, 12_000))).json();
    expect((await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {})).status).toBe(200);
    const investment = await (await user.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).json();
    const payout = await (await user.client.post("/api/payouts", { amountCents: 5_000, walletAddress: WALLET })).json();
    expect((await user.client.post("/api/transfers", { toEmail: friend.email, amountCents: 2_000 })).status).toBe(201);
    const request = await (await friend.client.post("/api/money-requests", { fromEmail: user.email, amountCents: 3_000 })).json();

    expect(await newest(user.client, "deposit_confirmed")).toMatchObject({ link: `/dashboard#deposit-${deposit.id}` });
    expect(await newest(user.client, "investment_started")).toMatchObject({ link: `/dashboard/investment#investment-${investment.id}` });
    expect(await newest(user.client, "payout_requested")).toMatchObject({ link: `/dashboard/transaction#payout-${payout.id}` });
    expect(await newest(user.client, "transfer_sent")).toMatchObject({ link: "/dashboard/transaction" });
    expect(await newest(friend.client, "transfer_received")).toMatchObject({ link: "/dashboard/transaction" });
    expect(await newest(user.client, "money_requested")).toMatchObject({ link: `/dashboard/recieve#money-request-${request.id}` });

    // The e-mail copy leads to the same place.
    await expect.poll(() => suite.server.mailer.find(user.email, /Payout requested/).length).toBeGreaterThan(0);
    expect(suite.server.mailer.find(user.email, /Payout requested/)[0]?.text).toContain(`/dashboard/transaction#payout-${payout.id}`);
  });

  it("stores no link: a row without a subject opens the page of its kind, an unknown kind opens nothing", async () => {
    const user = await person();
    await db().insert(notification).values([
      { id: "00000000-0000-7000-8000-000000000001", userId: user.id, kind: "deposit_rejected", title: "Old", body: "From before subjects." },
      { id: "00000000-0000-7000-8000-000000000002", userId: user.id, kind: "something_retired", title: "Older", body: "A kind we no longer write." },
    ]);
    const items: Item[] = (await list(user.client)).items;
    expect(items.find((item) => item.title === "Old")?.link).toBe("/dashboard");
    expect(items.find((item) => item.title === "Older")?.link).toBeNull();
    expect(Object.keys((await db().select().from(notification).where(eq(notification.userId, user.id)))[0] ?? {})).not.toContain("link");
  });
});
