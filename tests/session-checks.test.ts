import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "#server/db/schema.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
import { person, summary } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { creditMainBalance } from "./helpers/ledger.js";

const suite = serverSuite();

/** What another server (or an operator's tool) does: the session row is gone, this server was not told. */
async function revokeElsewhere(userId: string) {
  await suite.database.handle.db.delete(session).where(eq(session.userId, userId));
}

const transfer = (from: Awaited<ReturnType<typeof person>>, toEmail: string) =>
  from.client.request("/api/transfers", { body: { toEmail, amountCents: 100 }, headers: { "Idempotency-Key": crypto.randomUUID() } });

describe("session checks", () => {
  it("refuse a session revoked elsewhere at once, on a money route and on a read", async () => {
    const alice = await person(suite, { funds: 10_000n });
    const bob = await person(suite);
    expect((await alice.client.get("/api/me/summary")).status).toBe(200);

    await revokeElsewhere(alice.id);
    expect((await transfer(alice, bob.email)).status).toBe(401);
    expect((await alice.client.get("/api/me/summary")).status).toBe(401);
    const [row] = await suite.database.handle.db.execute(sql`select count(*)::int as n from transfer where from_user_id = ${alice.id}`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(row?.n).toBe(0);
  });

  it("refuse a banned user at once, on a money route and on a read", async () => {
    const dave = await person(suite, { funds: 10_000n });
    const erin = await person(suite);
    expect((await dave.client.get("/api/me/summary")).status).toBe(200);
    await suite.database.handle.db.update(user).set({ banned: true }).where(eq(user.id, dave.id));
    expect((await transfer(dave, erin.email)).status).toBe(401);
    expect((await dave.client.get("/api/me/summary")).status).toBe(401);
  });

  it("refuse a signed-out session's cookie at once", async () => {
    const frank = await person(suite);
    expect((await frank.client.get("/api/me/summary")).status).toBe(200);
    const cookies = new Map(frank.client.cookies);
    expect((await frank.client.post("/api/auth/sign-out")).status).toBe(200);
    // The same cookie a copied browser would still send.
    for (const [name, value] of cookies) frank.client.cookies.set(name, value);
    expect((await frank.client.get("/api/me/summary")).status).toBe(401);
  });
});

describe("the summary's remembered flows", () => {
  it("follow every journal at once, even one this server did not post", async () => {
    const grace = await person(suite, { funds: 10_000n });
    expect(await summary(grace)).toMatchObject({ totalTransactionCents: 10_000, mainBalanceCents: 10_000 });
    // Posted straight into the database, as another server would: the next read shows it.
    await creditMainBalance(suite.database.handle.db, grace.id, 2_500n, `another-server:${grace.id}`);
    expect(await summary(grace)).toMatchObject({ totalTransactionCents: 12_500, mainBalanceCents: 12_500 });
    await postJournal(suite.database.handle.db, {
      idempotencyKey: `another-server-payout:${grace.id}`,
      kind: "payout_paid",
      userId: grace.id,
      postings: [
        { account: userAccount(grace.id, "available"), amountCents: -1_000n },
        { account: platformAccount("payouts"), amountCents: 1_000n },
      ],
    });
    expect(await summary(grace)).toMatchObject({ totalTransactionCents: 12_500, mainBalanceCents: 11_500, totalPayoutCents: 1_000 });
  });

  it("rest on the account row getting a new version (xmin) with every journal, on this driver", async () => {
    const heidi = await person(suite);
    const db = suite.database.handle.db;
    const version = async () =>
      ((await db.execute(sql`select xmin::text as v from ledger_account where id = ${userAccount(heidi.id, "available").id}`)) as unknown as { rows: Array<{ v: string }> }).rows[0]?.v;
    const before = await version();
    expect(before).toBeTruthy();
    await creditMainBalance(db, heidi.id, 1n, `xmin:${heidi.id}`);
    expect(await version()).not.toBe(before);
  });
});
