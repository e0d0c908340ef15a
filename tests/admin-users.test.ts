import { eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, session as sessionTable, user as userTable } from "#server/db/schema.js";
import { changeRole } from "#server/services/users/change-role.js";
import { person, type Person } from "./helpers/people.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { signIn, uniqueEmail } from "./helpers/test-server.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const REASON = { reason: "Checked with the customer by phone" };

const json = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

/** A customer with some of everything: a confirmed balance, a pending deposit, an investment, a payout, a transfer and a money request. */
async function busyCustomer(admin: Person): Promise<Person> {
  const customer = await person(suite, { funds: 500_000n, name: "Busy Customer", email: uniqueEmail("busy") });
  await listWallet(db(), customer.id, WALLET);
  const friend = await person(suite, { name: "Friend", funds: 10_000n });
  expect((await customer.client.post("/api/deposits", await bankDepositBody(customer.client, 70_000))).status).toBe(201);
  expect((await customer.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
  expect((await customer.client.post("/api/payouts", { amountCents: 30_000, walletAddress: WALLET })).status).toBe(201);
  expect((await customer.client.post("/api/transfers", { toEmail: friend.email, amountCents: 5_000, note: "lunch" })).status).toBe(201);
  expect((await friend.client.post("/api/money-requests", { fromEmail: customer.email, amountCents: 2_000 })).status).toBeLessThan(300);
  void admin;
  return customer;
}

describe("admin users API access", () => {
  it("answers 401 signed out and 403 to a user, on every route", async () => {
    const customer = await person(suite);
    const paths = ["", `/${customer.id}`, ...["deposits", "investments", "payouts", "transfers", "money-requests", "history", "sessions", "audit"].map((list) => `/${customer.id}/${list}`)];
    const posts = ["ban", "unban", "role", "credit-interest", "sessions/x/revoke"];
    const anonymous = suite.server.client();
    for (const path of paths) {
      expect((await anonymous.get(`/api/admin/users${path}`)).status, path).toBe(401);
      expect((await customer.client.get(`/api/admin/users${path}`)).status, path).toBe(403);
    }
    expect((await anonymous.get("/api/admin/overview")).status).toBe(401);
    expect((await customer.client.get("/api/admin/overview")).status).toBe(403);
    for (const action of posts) {
      const body = { ...REASON, role: "admin" };
      expect((await anonymous.post(`/api/admin/users/${customer.id}/${action}`, body)).status, action).toBe(401);
      expect((await customer.client.post(`/api/admin/users/${customer.id}/${action}`, body)).status, action).toBe(403);
    }
    const [row] = await db().select().from(userTable).where(eq(userTable.id, customer.id));
    expect(row).toMatchObject({ role: "user", banned: false });
  });
});

describe("the users table", () => {
  it("searches by e-mail, name and id, filters, sorts, pages and exports", async () => {
    const admin = await person(suite, { admin: true });
    const tag = `zq${Date.now().toString(36)}`;
    const plain = await person(suite, { email: uniqueEmail(`${tag}-plain`), name: `${tag} Plain` });
    const unverified = await person(suite, { email: uniqueEmail(`${tag}-unverified`), name: "Ada Unverified", verified: false });
    const secured = await person(suite, { email: uniqueEmail(`${tag}-secured`), name: "Bola Secured", twoFactor: true });
    const banned = await person(suite, { email: uniqueEmail(`${tag}-banned`), name: "Chi Banned" });
    await json(await admin.client.post(`/api/admin/users/${banned.id}/ban`, REASON));

    const list = async (query: string) => (await json(await admin.client.get(`/api/admin/users?${query}`))) as { items: Array<{ id: string; email: string }>; nextCursor: string | null; total: number };
    const ids = async (query: string) => (await list(query)).items.map((row) => row.id);

    expect((await list(`q=${tag}`)).total).toBe(4);
    expect(await ids(`q=${encodeURIComponent(plain.email.toUpperCase())}`)).toEqual([plain.id]);
    expect(await ids(`q=${encodeURIComponent(`${tag} plain`)}`)).toEqual([plain.id]);
    expect(await ids(`q=${plain.id}`)).toEqual([plain.id]);
    expect(await ids(`q=${tag}&emailVerified=false`)).toEqual([unverified.id]);
    expect(await ids(`q=${tag}&twoFactor=true`)).toEqual([secured.id]);
    expect(await ids(`q=${tag}&banned=true`)).toEqual([banned.id]);
    expect((await ids(`q=${tag}&banned=false`)).sort()).toEqual([plain.id, unverified.id, secured.id].sort());
    expect(await ids(`role=admin&q=${encodeURIComponent(admin.email)}`)).toEqual([admin.id]);
    expect(await ids(`role=user&q=${encodeURIComponent(admin.email)}`)).toEqual([]);

    // Sorted by e-mail both ways, and paged without overlap.
    const byEmail = [plain, unverified, secured, banned].map((p) => p.email).sort();
    expect((await list(`q=${tag}&sort=email`)).items.map((row) => row.email)).toEqual(byEmail);
    expect((await list(`q=${tag}&sort=-email`)).items.map((row) => row.email)).toEqual([...byEmail].reverse());
    const first = await list(`q=${tag}&sort=email&limit=3`);
    const second = await list(`q=${tag}&sort=email&limit=3&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((row) => row.email)).toEqual(byEmail);
    expect(first).toMatchObject({ total: 4, nextCursor: expect.any(String) });
    expect(second).toMatchObject({ total: 4, nextCursor: null });
    expect(Object.keys(await list("")).sort()).toEqual(["items", "nextCursor", "total", "totalCapped"]);
    // A cursor is bound to the order it was made for.
    const otherOrder = await admin.client.get(`/api/admin/users?q=${tag}&sort=-email&limit=3&cursor=${first.nextCursor}`);
    expect(otherOrder.status).toBe(400);
    expect((await otherOrder.json()).error).toMatchObject({ code: "VALIDATION_FAILED", fields: { cursor: expect.any(String) } });

    for (const bad of ["limit=101", "limit=0", "cursor=", "cursor=%2A", "sort=password", "role=owner", "banned=maybe", "q=%1B", "from=2026-03-02&to=2026-03-01"]) {
      expect((await admin.client.get(`/api/admin/users?${bad}`)).status, bad).toBe(400);
    }

    const csv = await admin.client.get(`/api/admin/users?q=${tag}&sort=email&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"ID","Name","E-mail","Role","E-mail verified","Two-factor","Banned","Joined"');
    expect(lines.slice(1).map((line) => line.split(",")[2])).toEqual(byEmail.map((email) => `"${email}"`));
    expect(lines.find((line) => line.includes(banned.email))).toContain('"yes"');

    // A whole address finds that account alone, not one whose address merely contains it.
    const longer = await person(suite, { email: `x${plain.email}`, name: "Longer Address" });
    expect(await ids(`q=${encodeURIComponent(plain.email)}`)).toEqual([plain.id]);
    expect((await ids(`q=${encodeURIComponent(plain.email.slice(0, -4))}`)).sort()).toEqual([plain.id, longer.id].sort());
  });
});

describe("a user's detail", () => {
  it("shows the six figures exactly as the user's own summary, and every list of theirs", async () => {
    const admin = await person(suite, { admin: true });
    const customer = await busyCustomer(admin);
    const own = await json(await customer.client.get("/api/me/summary"));
    const detail = await json(await admin.client.get(`/api/admin/users/${customer.id}`));
    expect(detail.summary).toEqual(own);
    expect(own).toMatchObject({ mainBalanceCents: 365_000, totalInvestCents: 100_000, pendingDepositsCents: 70_000, pendingWithdrawalsCents: 30_000 });
    expect(detail.profile).toMatchObject({ id: customer.id, email: customer.email, name: "Busy Customer", role: "user", banned: false, emailVerified: true });

    const page = async (list: string, query = "") => json(await admin.client.get(`/api/admin/users/${customer.id}/${list}${query}`));
    expect((await page("deposits")).items).toMatchObject([{ status: "pending", amountCents: 70_000 }]);
    expect((await page("investments")).items).toMatchObject([{ planId: "standard", principalCents: 100_000 }]);
    expect((await page("payouts")).items).toMatchObject([{ status: "requested", amountCents: 30_000 }]);
    expect((await page("transfers")).items).toMatchObject([{ direction: "sent", amountCents: 5_000, note: "lunch", counterparty: { name: "Friend" } }]);
    expect((await page("money-requests")).items).toMatchObject([{ direction: "incoming", amountCents: 2_000, status: "pending" }]);
    // The statement page for page as the user's own: the same items and the same cursor.
    const history = await page("history", "?limit=2");
    const ownHistory = await json(await customer.client.get("/api/transactions?limit=2"));
    expect(history.items).toEqual(ownHistory.items);
    expect(history.nextCursor).toEqual(ownHistory.nextCursor);
    const secondPage = await page("history", `?limit=2&cursor=${history.nextCursor}`);
    expect(secondPage.items).toHaveLength(2);
    expect(secondPage.items).toEqual((await json(await customer.client.get(`/api/transactions?limit=2&cursor=${ownHistory.nextCursor}`))).items);
    // The total is every event of the statement, as the user's own CSV lists them.
    const csvLines = (await (await customer.client.get("/api/transactions?format=csv")).text()).trimEnd().split("\r\n");
    expect(history.total).toBe(csvLines.length - 1);
    expect((await page("sessions")).items).toHaveLength(1);
    expect((await page("audit")).total).toBe(0);

    expect((await admin.client.get("/api/admin/users/nobody")).status).toBe(404);
    expect((await admin.client.get("/api/admin/users/nobody/deposits")).status).toBe(404);
    expect((await admin.client.get(`/api/admin/users/${customer.id}/deposits?limit=500`)).status).toBe(400);
    expect((await admin.client.get(`/api/admin/users/${customer.id}/history?cursor=not-one`)).status).toBe(400);
  });
});

describe("banning", () => {
  it("needs a reason, ends the sessions at once, blocks money routes and sign-in, and is audited", async () => {
    const admin = await person(suite, { admin: true });
    const customer = await person(suite, { funds: 100_000n });
    expect((await customer.client.get("/api/me/summary")).status).toBe(200);

    const noReason = await admin.client.post(`/api/admin/users/${customer.id}/ban`, { reason: " " });
    expect(noReason.status).toBe(400);
    expect((await customer.client.get("/api/me/summary")).status).toBe(200);

    const banned = await json(await admin.client.post(`/api/admin/users/${customer.id}/ban`, { reason: "Stolen card reported" }));
    expect(banned).toMatchObject({ banned: true, banReason: "Stolen card reported" });
    expect(await db().select().from(sessionTable).where(eq(sessionTable.userId, customer.id))).toEqual([]);
    expect((await customer.client.get("/api/me/summary")).status).toBe(401);
    expect((await customer.client.post("/api/payouts", { amountCents: 5_000, walletAddress: WALLET })).status).toBe(401);
    const again = suite.server.client();
    await signIn(again, customer.email).catch(() => undefined);
    expect((await again.get("/api/me/summary")).status).toBe(401);
    expect((await admin.client.post(`/api/admin/users/${customer.id}/ban`, REASON)).status).toBe(409);

    // Nobody decides on their own account.
    expect((await admin.client.post(`/api/admin/users/${admin.id}/ban`, REASON)).status).toBe(403);

    const lifted = await json(await admin.client.post(`/api/admin/users/${customer.id}/unban`, { reason: "Card owner confirmed" }));
    expect(lifted).toMatchObject({ banned: false, banReason: null });
    const back = suite.server.client();
    await signIn(back, customer.email);
    expect((await back.get("/api/me/summary")).status).toBe(200);

    const audit = await json(await admin.client.get(`/api/admin/users/${customer.id}/audit`));
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(["user.unban", "user.ban"]);
    expect(audit.items[1]).toMatchObject({ actor: { id: admin.id }, after: { reason: "Stolen card reported", sessionsEnded: 1 } });
  });

  it("ends one session on request, with a reason", async () => {
    const admin = await person(suite, { admin: true });
    const customer = await person(suite);
    const second = suite.server.client();
    await signIn(second, customer.email);
    const sessions = await json(await admin.client.get(`/api/admin/users/${customer.id}/sessions`));
    expect(sessions.total).toBe(2);
    const target = sessions.items[0].id as string;
    expect((await admin.client.post(`/api/admin/users/${customer.id}/sessions/${target}/revoke`, {})).status).toBe(400);
    expect(await json(await admin.client.post(`/api/admin/users/${customer.id}/sessions/${target}/revoke`, REASON))).toEqual({ ok: true });
    expect((await admin.client.post(`/api/admin/users/${customer.id}/sessions/${target}/revoke`, REASON)).status).toBe(404);
    const statuses = [(await customer.client.get("/api/me/summary")).status, (await second.get("/api/me/summary")).status].sort();
    expect(statuses).toEqual([200, 401]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "user.session_revoke"));
    expect(entry).toMatchObject({ targetId: customer.id, after: { session: null, reason: REASON.reason } });
  });
});

describe("the admin role", () => {
  it("is granted by two admins and revoked by one, with a reason, ending the sessions; never one's own", async () => {
    const admin = await person(suite, { admin: true });
    const second = await person(suite, { admin: true });
    const helper = await person(suite, { twoFactor: true });
    expect((await admin.client.post(`/api/admin/users/${helper.id}/role`, { role: "admin" })).status).toBe(400);
    // A grant waits for a second admin: nothing changes until one approves it.
    const asked = await admin.client.post(`/api/admin/users/${helper.id}/role`, { role: "admin", reason: "New operator" });
    expect(asked.status).toBe(202);
    const { pendingApproval } = await asked.json();
    expect(pendingApproval).toMatchObject({ kind: "role_grant", subject: { id: helper.id }, requestedBy: { id: admin.id }, status: "pending" });
    expect((await helper.client.get("/api/me/summary")).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${helper.id}/role`, { role: "admin", reason: "Twice" })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(403);
    expect(await json(await second.client.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {}))).toMatchObject({ status: "approved", decidedBy: { id: second.id } });
    expect((await helper.client.get("/api/me/summary")).status).toBe(401);
    expect((await admin.client.post(`/api/admin/users/${helper.id}/role`, { role: "admin", reason: "Twice" })).status).toBe(409);
    expect(await json(await admin.client.post(`/api/admin/users/${helper.id}/role`, { role: "user", reason: "Left the team" }))).toMatchObject({ role: "user" });

    const own = await admin.client.post(`/api/admin/users/${admin.id}/role`, { role: "user", reason: "Stepping down" });
    expect(own.status).toBe(403);
    expect((await own.json()).error.message).toBe("Nobody changes their own role: another admin must do it.");
    // Role changes only: turning on two-factor is audited about the same user too.
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, helper.id)))
      .map((row) => row.action)
      .filter((action) => action.startsWith("user.") || action.startsWith("approval."))
      .sort();
    expect(actions).toEqual(["approval.approve", "approval.request", "user.grant_admin", "user.revoke_admin"]);
  });

  it("keeps one admin when the last two revoke each other at the same moment", async () => {
    const first = await person(suite, { admin: true });
    const second = await person(suite, { admin: true });
    await db().update(userTable).set({ role: "user" }).where(ne(userTable.id, first.id));
    await db().update(userTable).set({ role: "admin" }).where(eq(userTable.id, second.id));
    const answers = await Promise.all([
      first.client.post(`/api/admin/users/${second.id}/role`, { role: "user", reason: "Both at once" }),
      second.client.post(`/api/admin/users/${first.id}/role`, { role: "user", reason: "Both at once" }),
    ]);
    // The loser is refused as the last admin (409), or finds its session already ended with its role (401).
    const [won, lost] = answers.map((answer) => answer.status).sort();
    expect(won).toBe(200);
    expect([401, 409]).toContain(lost);
    expect(await db().select({ id: userTable.id }).from(userTable).where(eq(userTable.role, "admin"))).toHaveLength(1);
  });

  it("holds the rule when a revoke waits for another still open (the lock, not luck)", async () => {
    const a = await person(suite, { admin: true });
    const b = await person(suite, { admin: true });
    await db().update(userTable).set({ role: "user" }).where(ne(userTable.id, a.id));
    await db().update(userTable).set({ role: "admin" }).where(eq(userTable.id, b.id));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstDone!: () => void;
    const firstChanged = new Promise<void>((resolve) => (firstDone = resolve));
    const one = db().transaction(async (tx) => {
      await changeRole(tx, a.id, b.id, "user", "first", new Date());
      firstDone();
      await gate;
    });
    await firstChanged;
    const two = db().transaction((tx) => changeRole(tx, b.id, a.id, "user", "second", new Date()));
    setTimeout(release, 300);
    const outcomes = await Promise.allSettled([one, two]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected"]);
    expect(await db().select({ id: userTable.id }).from(userTable).where(eq(userTable.role, "admin"))).toEqual([{ id: a.id }]);
  });
});
