import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, journal, ledgerAccount, payout, posting } from "#server/db/schema.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);

/** A payout to WALLET, put on the user's withdrawal list first. */
async function requestPayout(user: Person, amountCents: number): Promise<{ id: string }> {
  const response = await user.client.post("/api/payouts", { amountCents, walletAddress: await listWallet(db(), user.id, WALLET) });
  expect(response.status).toBe(201);
  return response.json();
}

const cancel = (user: Person, id: string, key?: string) =>
  user.client.request(`/api/payouts/${id}/cancel`, { method: "POST", body: {}, headers: key ? { "Idempotency-Key": key } : {} });

/** Everything the ledger holds for one user, to prove that a refused call moved nothing. */
async function ledgerState(userId: string) {
  const accounts = await db().select({ id: ledgerAccount.id, balance: ledgerAccount.balanceCents }).from(ledgerAccount).where(eq(ledgerAccount.userId, userId));
  const journals = await db().select({ id: journal.id }).from(journal).where(eq(journal.userId, userId));
  return { accounts: Object.fromEntries(accounts.map((row) => [row.id, row.balance])), journals: journals.length };
}

const settleJournals = (payoutId: string) => db().select().from(journal).where(eq(journal.idempotencyKey, `payout:${payoutId}:settled`));

describe("cancelling a payout", () => {
  it("returns the hold to the Main Balance in one journal, with an audit entry, a notification and an e-mail", async () => {
    const user = await person({ funds: 100_000n });
    const made = await requestPayout(user, 30_000);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 70_000, totalBalanceCents: 100_000 });

    const response = await cancel(user, made.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: made.id, status: "cancelled", amountCents: 30_000, txId: null, decidedAt: expect.any(String) });
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 100_000, totalBalanceCents: 100_000, totalPayoutCents: 0 });
    const [hold] = await db().select().from(ledgerAccount).where(eq(ledgerAccount.id, userAccount(user.id, "payout_hold").id));
    expect(hold?.balanceCents).toBe(0n);

    const settled = await settleJournals(made.id);
    expect(settled).toHaveLength(1);
    const postings = await db().select().from(posting).where(eq(posting.journalId, settled[0]!.id));
    expect(postings.map((row) => [row.accountId, row.amountCents]).sort()).toEqual([
      [userAccount(user.id, "available").id, 30_000n],
      [userAccount(user.id, "payout_hold").id, -30_000n],
    ]);
    const [row] = await db().select().from(payout).where(eq(payout.id, made.id));
    expect(row).toMatchObject({ status: "cancelled", settleJournalId: settled[0]!.id, decidedBy: user.id });

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.targetType, "payout"), eq(auditLog.targetId, made.id)));
    expect(audits).toEqual([expect.objectContaining({ actorId: user.id, action: "payout.cancel", before: expect.objectContaining({ status: "requested" }), after: expect.objectContaining({ status: "cancelled" }) })]);
    const { items: notifications } = await (await user.client.get("/api/notifications")).json();
    expect(notifications[0]).toMatchObject({ kind: "payout_cancelled", title: "Payout cancelled", body: `You cancelled your payout of $300.00 to ${WALLET}. The amount is back in your main balance.` });
    await expect.poll(() => suite.server.mailer.to(user.email).map((mail) => mail.subject)).toContain("Payout cancelled · Termvest");

    const listed = (await (await user.client.get("/api/payouts")).json()).items;
    expect(listed).toEqual([expect.objectContaining({ id: made.id, status: "cancelled" })]);
    const history = (await (await user.client.get("/api/transactions")).json()).items;
    expect(history).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Withdrawal cancelled", mainBalanceChangeCents: 30_000, reference: "Cancelled by the user" })]),
    );
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("a second cancel is a 409 and moves nothing", async () => {
    const user = await person({ funds: 50_000n });
    const made = await requestPayout(user, 20_000);
    expect((await cancel(user, made.id)).status).toBe(200);
    const before = await ledgerState(user.id);

    const again = await cancel(user, made.id);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toEqual({ code: "CONFLICT", message: "This payout was already cancelled." });
    expect(await ledgerState(user.id)).toEqual(before);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 50_000, totalBalanceCents: 50_000 });
  });

  it("the same Idempotency-Key replays the first answer; on another payout it is refused", async () => {
    const user = await person({ funds: 50_000n });
    const made = await requestPayout(user, 20_000);
    const other = await requestPayout(user, 10_000);
    const key = randomUUID();

    const first = await cancel(user, made.id, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const before = await ledgerState(user.id);
    const retry = await cancel(user, made.id, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
    expect(await ledgerState(user.id)).toEqual(before);

    const reused = await cancel(user, other.id, key);
    expect(reused.status).toBe(409);
    expect((await reused.json()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 40_000, totalBalanceCents: 50_000 });
    expect((await (await user.client.get("/api/payouts")).json()).items.find((row: { id: string }) => row.id === other.id).status).toBe("requested");
  });

  it("another user's payout answers exactly like an unknown id, and nothing changes", async () => {
    const admin = await person({ admin: true });
    const owner = await person({ funds: 50_000n });
    const stranger = await person({ funds: 50_000n });
    const made = await requestPayout(owner, 20_000);
    const before = { owner: await ledgerState(owner.id), stranger: await ledgerState(stranger.id) };

    const theirs = await cancel(stranger, made.id);
    const unknown = await cancel(stranger, randomUUID());
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    // An admin acting as a user gets no more than anyone else.
    expect((await cancel(admin, made.id)).status).toBe(404);

    expect({ owner: await ledgerState(owner.id), stranger: await ledgerState(stranger.id) }).toEqual(before);
    expect((await (await owner.client.get("/api/payouts")).json()).items).toEqual([expect.objectContaining({ id: made.id, status: "requested" })]);
    expect((await (await admin.client.get("/api/admin/payouts?status=requested")).json()).items.map((row: { id: string }) => row.id)).toContain(made.id);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, made.id));
    expect(audits).toEqual([]);
  });

  it("is refused after the operator paid or rejected the payout", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 50_000n });
    const paid = await requestPayout(user, 20_000);
    const rejected = await requestPayout(user, 10_000);
    expect((await admin.client.post(`/api/admin/payouts/${paid.id}/mark-paid`, { txId: "tx-paid" })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/payouts/${rejected.id}/reject`, { reason: "Unknown address." })).status).toBe(200);
    const before = await ledgerState(user.id);

    const late = await cancel(user, paid.id);
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe("This payout was already marked paid.");
    const afterReject = await cancel(user, rejected.id);
    expect(afterReject.status).toBe(409);
    expect((await afterReject.json()).error.message).toBe("This payout was already rejected.");
    expect(await ledgerState(user.id)).toEqual(before);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 30_000, totalPayoutCents: 20_000, totalBalanceCents: 30_000 });
  });

  it("after a cancel the operator can neither pay nor reject it, and it leaves the review queue", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 50_000n });
    const made = await requestPayout(user, 20_000);
    expect((await cancel(user, made.id)).status).toBe(200);
    const before = await ledgerState(user.id);

    const pay = await admin.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: "tx-late" });
    expect(pay.status).toBe(409);
    expect((await pay.json()).error.message).toBe("This payout was already cancelled.");
    const reject = await admin.client.post(`/api/admin/payouts/${made.id}/reject`, { reason: "Too late." });
    expect(reject.status).toBe(409);
    expect((await reject.json()).error.message).toBe("This payout was already cancelled.");

    expect(await ledgerState(user.id)).toEqual(before);
    expect(await settleJournals(made.id)).toHaveLength(1);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 50_000, totalPayoutCents: 0, totalBalanceCents: 50_000 });
    expect((await (await admin.client.get("/api/admin/payouts?status=requested")).json()).items.map((row: { id: string }) => row.id)).not.toContain(made.id);
  });

  it("needs a session", async () => {
    const user = await person({ funds: 50_000n });
    const made = await requestPayout(user, 20_000);
    const anonymous = suite.server.client();
    const response = await anonymous.request(`/api/payouts/${made.id}/cancel`, { method: "POST", body: {} });
    expect(response.status).toBe(401);
    expect((await anonymous.get("/api/payouts")).status).toBe(401);
    expect((await (await user.client.get("/api/payouts")).json()).items[0]).toMatchObject({ id: made.id, status: "requested" });
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await suite.server.client().get("/api/openapi.json")).json();
    const operation = doc.paths["/api/payouts/{id}/cancel"].post;
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(["id", "Idempotency-Key"]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "401", "404", "409"]));
  });
});

describe("payout lists", () => {
  it("show each user only their own payouts", async () => {
    const alice = await person({ funds: 50_000n, name: "Alice A" });
    const bob = await person({ funds: 50_000n, name: "Bob B" });
    const alices = [await requestPayout(alice, 1_000), await requestPayout(alice, 2_000)].map((row) => row.id);
    const bobs = [await requestPayout(bob, 3_000), await requestPayout(bob, 4_000)].map((row) => row.id);

    const seenBy = async (user: Person) => ((await (await user.client.get("/api/payouts")).json()).items as Array<{ id: string }>).map((row) => row.id).sort();
    expect(await seenBy(alice)).toEqual([...alices].sort());
    expect(await seenBy(bob)).toEqual([...bobs].sort());
  });
});

describe.runIf(testDatabaseUrl)("cancel under concurrency (PostgreSQL)", () => {
  it("a user's cancels racing an operator's mark-paid resolve each payout exactly once", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 100_000n });
    const amounts = [5_000, 6_000, 7_000, 8_000, 9_000, 10_000];
    const made: Array<{ id: string }> = [];
    for (const amount of amounts) made.push(await requestPayout(user, amount));

    // Per payout: two cancels and one mark-paid, all at once, across every payout.
    const races = made.map(async ({ id }, index) => {
      const calls = [
        cancel(user, id).then((r) => ({ who: "cancel", status: r.status })),
        admin.client.post(`/api/admin/payouts/${id}/mark-paid`, { txId: `tx-race-${index}` }).then((r) => ({ who: "paid", status: r.status })),
        cancel(user, id).then((r) => ({ who: "cancel", status: r.status })),
      ];
      return { id, amount: amounts[index]!, results: await Promise.all(calls) };
    });

    let paidTotal = 0;
    for (const race of await Promise.all(races)) {
      const winners = race.results.filter((result) => result.status === 200);
      expect(winners, race.id).toHaveLength(1);
      expect(race.results.filter((result) => result.status === 409), race.id).toHaveLength(2);
      const [row] = await db().select().from(payout).where(eq(payout.id, race.id));
      expect(row?.status).toBe(winners[0]!.who === "paid" ? "paid" : "cancelled");
      expect(await settleJournals(race.id)).toHaveLength(1);
      if (winners[0]!.who === "paid") paidTotal += race.amount;
    }

    expect(await summary(user)).toMatchObject({ mainBalanceCents: 100_000 - paidTotal, totalPayoutCents: paidTotal, totalBalanceCents: 100_000 - paidTotal });
    const [hold] = await db().select().from(ledgerAccount).where(eq(ledgerAccount.id, userAccount(user.id, "payout_hold").id));
    expect(hold?.balanceCents).toBe(0n);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
