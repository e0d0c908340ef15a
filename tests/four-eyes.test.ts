import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approval, auditLog, payout, plan } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { freshWallet } from "./helpers/wallets.js";

/** One admin, alone, trying every way around four eyes. */
const suite = serverSuite();
const db = () => suite.database.handle.db;
const admins = async (): Promise<[Person, Person]> => [await person(suite, { admin: true }), await person(suite, { admin: true })];
const balance = async (who: Person) => (await (await who.client.get("/api/me/summary")).json()).mainBalanceCents;
const REASON = { reason: "Checked with the bank statement" };

async function deposit(owner: Person, amountCents: number): Promise<{ id: string }> {
  const made = await owner.client.post("/api/deposits", await bankDepositBody(owner.client, amountCents));
  expect(made.status).toBe(201);
  return made.json();
}

describe("four eyes that one operator cannot satisfy alone", () => {
  it("nobody decides on their own deposit, account or interest", async () => {
    const [lone] = await admins();
    const own = await deposit(lone, 100_000);
    for (const [path, body] of [
      [`/api/admin/deposits/${own.id}/confirm`, {}],
      [`/api/admin/deposits/${own.id}/reject`, { reason: "Not mine to decide" }],
      [`/api/admin/users/${lone.id}/ban`, REASON],
      [`/api/admin/users/${lone.id}/role`, { role: "user", ...REASON }],
      [`/api/admin/users/${lone.id}/credit-interest`, REASON],
    ] as const) {
      const answer = await lone.client.post(path, body);
      expect(answer.status, path).toBe(403);
    }
    const sessionId = (await (await lone.client.get("/api/session")).json()).session.id;
    expect((await lone.client.post(`/api/admin/users/${lone.id}/sessions/${sessionId}/revoke`, REASON)).status).toBe(403);
    expect(await balance(lone)).toBe(0);
  });

  it("a deposit credited above its declared amount waits for a second admin, who is neither the asker nor the owner", async () => {
    const [lone, second] = await admins();
    const confederate = await person(suite);
    const claimed = await deposit(confederate, 100_000);
    const asked = await lone.client.post(`/api/admin/deposits/${claimed.id}/confirm`, { receivedCents: 100_000_000 });
    expect(asked.status).toBe(202);
    const { pendingApproval } = await asked.json();
    expect(pendingApproval).toMatchObject({
      kind: "deposit_confirm",
      status: "pending",
      requestedBy: { id: lone.id },
      subject: { id: confederate.id },
      summary: expect.stringContaining("$1,000,000.00"),
    });
    expect(await balance(confederate)).toBe(0);
    // Asking again, confirming at the declared amount meanwhile, or approving one's own request: all refused.
    expect((await lone.client.post(`/api/admin/deposits/${claimed.id}/confirm`, { receivedCents: 100_000_000 })).status).toBe(409);
    expect((await second.client.post(`/api/admin/deposits/${claimed.id}/confirm`, {})).status).toBe(409);
    const self = await lone.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {});
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe("You asked for this, so another admin must approve or reject it.");
    expect(await balance(confederate)).toBe(0);

    const listed = await (await second.client.get("/api/admin/approvals")).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(pendingApproval.id);
    const approved = await second.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "approved", decidedBy: { id: second.id } });
    expect(await balance(confederate)).toBe(100_000_000);
    expect((await second.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(409);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, claimed.id))).map((row) => [row.action, row.actorId]);
    expect(actions).toEqual([
      ["approval.request", lone.id],
      ["deposit.confirm", lone.id],
      ["approval.approve", second.id],
    ]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("an admin's own deposit cannot be approved by them either", async () => {
    const [lone, second] = await admins();
    const own = await deposit(second, 50_000);
    const asked = await (await lone.client.post(`/api/admin/deposits/${own.id}/confirm`, { receivedCents: 60_000 })).json();
    expect((await second.client.post(`/api/admin/approvals/${asked.pendingApproval.id}/approve`, {})).status).toBe(403);
    expect(await balance(second)).toBe(0);
    const third = await person(suite, { admin: true });
    expect((await third.client.post(`/api/admin/approvals/${asked.pendingApproval.id}/reject`, { reason: "Only 500 arrived" })).status).toBe(200);
    expect(await balance(second)).toBe(0);
  });

  it("the admin role is granted only with a second admin, and the database refuses a self-approval", async () => {
    const [lone, second] = await admins();
    const friend = await person(suite, { twoFactor: true });
    const asked = await lone.client.post(`/api/admin/users/${friend.id}/role`, { role: "admin", ...REASON });
    expect(asked.status).toBe(202);
    const { pendingApproval } = await asked.json();
    expect((await friend.client.get("/api/admin/overview")).status).toBe(403);
    expect((await lone.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(403);
    await expect(db().update(approval).set({ status: "approved", decidedBy: lone.id }).where(eq(approval.id, pendingApproval.id))).rejects.toThrow();
    expect((await second.client.post(`/api/admin/approvals/${pendingApproval.id}/reject`, { reason: "Not agreed" })).status).toBe(200);
    expect((await friend.client.get("/api/me/summary")).status).toBe(200);
    const [row] = await db().select().from(approval).where(eq(approval.id, pendingApproval.id));
    expect(row).toMatchObject({ status: "rejected", decidedBy: second.id, decisionReason: "Not agreed" });
  });

  it("a plan's rate or term goes live only when a second admin approves it; other edits at once", async () => {
    const [lone, second] = await admins();
    const [standard] = await db().select().from(plan).where(eq(plan.id, "standard"));
    const input = { name: standard!.name, minimumCents: Number(standard!.minimumCents), rateBasisPoints: standard!.rateBasisPoints, termDays: standard!.termDays, features: standard!.features, active: true, earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 };
    const publicRate = async () => (await (await suite.server.client().get("/api/plans")).json()).items.find((p: { id: string }) => p.id === "standard").rateBasisPoints;

    const asked = await lone.client.request("/api/admin/plans/standard", { method: "PUT", body: { ...input, rateBasisPoints: 25_000 } });
    expect(asked.status).toBe(202);
    const { pendingApproval } = await asked.json();
    expect(pendingApproval.summary).toBe(`Standard: 10% per 14 days becomes 250% per 14 days (new investments and rollovers only).`);
    expect(await publicRate()).toBe(standard!.rateBasisPoints);
    // While it waits, the plan is not edited under it.
    expect((await second.client.request("/api/admin/plans/standard", { method: "PUT", body: { ...input, minimumCents: input.minimumCents + 100 } })).status).toBe(409);
    expect((await lone.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(403);
    expect((await second.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(200);
    expect(await publicRate()).toBe(25_000);

    // A change that is neither rate nor term (the name, the minimum, active) needs one admin.
    const renamed = await lone.client.request("/api/admin/plans/standard", { method: "PUT", body: { ...input, rateBasisPoints: 25_000, minimumCents: input.minimumCents + 100 } });
    expect(renamed.status).toBe(200);
    // Back to the seeded terms, again by two.
    const back = await (await lone.client.request("/api/admin/plans/standard", { method: "PUT", body: input })).json();
    expect((await second.client.post(`/api/admin/approvals/${back.pendingApproval.id}/approve`, {})).status).toBe(200);
    expect(await publicRate()).toBe(standard!.rateBasisPoints);
  });

  it("two admins approving at once change it once", async () => {
    const [lone, second] = await admins();
    const third = await person(suite, { admin: true });
    const owner = await person(suite);
    const claimed = await deposit(owner, 20_000);
    const asked = await (await lone.client.post(`/api/admin/deposits/${claimed.id}/confirm`, { receivedCents: 30_000 })).json();
    const answers = await Promise.all([second, third].map((admin) => admin.client.post(`/api/admin/approvals/${asked.pendingApproval.id}/approve`, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balance(owner)).toBe(30_000);
    const approvals = await db().select().from(auditLog).where(and(eq(auditLog.targetId, claimed.id), eq(auditLog.action, "approval.approve")));
    expect(approvals).toHaveLength(1);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("a large credit at the declared amount, alone or with the day's others, waits for a second admin too", async () => {
    const [lone, second] = await admins();
    const confederate = await person(suite);
    const small = await deposit(confederate, 600_000);
    expect((await lone.client.post(`/api/admin/deposits/${small.id}/confirm`, {})).status).toBe(200);
    // $6,000 credited today: the next $4,000 reaches DEPOSIT_APPROVAL_USD ($10,000).
    const next = await deposit(confederate, 400_000);
    const asked = await lone.client.post(`/api/admin/deposits/${next.id}/confirm`, {});
    expect(asked.status).toBe(202);
    expect((await asked.json()).pendingApproval.summary).toContain("with the day's other deposits it reaches $10,000.00");
    expect(await balance(confederate)).toBe(600_000);
    const approval = (await (await second.client.get("/api/admin/approvals")).json()).items.find((item: { targetId: string }) => item.targetId === next.id);
    expect((await second.client.post(`/api/admin/approvals/${approval.id}/approve`, {})).status).toBe(200);
    expect(await balance(confederate)).toBe(1_000_000);
  });

  it("payouts to one address are counted however the address is written and whichever accounts ask at once", async () => {
    const [admin] = await admins();
    const address = freshWallet();
    const [one, two] = [await person(suite, { funds: 1_000_000n }), await person(suite, { funds: 1_000_000n })];
    for (const who of [one, two]) await listWallet(db(), who.id, address);
    // Sent together from two accounts, $6,000 each to one address: the second to be counted needs approval.
    const made = await Promise.all([one, two].map((who) => who.client.post("/api/payouts", { amountCents: 600_000, walletAddress: address })));
    expect(made.map((response) => response.status)).toEqual([201, 201]);
    const ids = await Promise.all(made.map(async (response) => ((await response.json()) as { id: string }).id));
    const paid = await Promise.all(ids.map((id) => admin.client.post(`/api/admin/payouts/${id}/mark-paid`, { txId: `tx-${id.slice(0, 8)}` })));
    expect(paid.map((response) => response.status).sort()).toEqual([200, 409]);
    // The same address in capitals (bech32 is the same address either way) is the same recipient.
    const third = await person(suite, { funds: 1_000_000n });
    await listWallet(db(), third.id, address);
    const upper = await third.client.post("/api/payouts", { amountCents: 100_000, walletAddress: address.toUpperCase() });
    expect(upper.status).toBe(201);
    const row = (await db().select().from(payout).where(eq(payout.userId, third.id)))[0]!;
    expect(row).toMatchObject({ walletAddress: address, needsApproval: true });
  });
});
