import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session as sessionTable, user as userTable } from "#server/db/schema.js";
import { ADMIN_SESSION } from "#server/auth/session-lifetime.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { enrolTwoFactor, person } from "./helpers/people.js";
import { signIn, signUp, uniqueEmail, CONSENT } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();

async function signedIn(email: string) {
  await signUp(suite.server.client(), { name: "Role Tester", email });
  const client = suite.server.client();
  await signIn(client, email);
  return client;
}

const sessionRows = async (userId: string) => suite.database.handle.db.select().from(sessionTable).where(eq(sessionTable.userId, userId));

describe("roles", () => {
  it("keep admin routes from signed-out visitors (401) and users (403)", async () => {
    expect((await suite.server.client().get("/api/admin/users")).status).toBe(401);
    const client = await signedIn(uniqueEmail());
    const response = await client.get("/api/admin/users");
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("FORBIDDEN");
  });

  it("let an account granted admin use them once it has a second factor", async () => {
    const email = uniqueEmail("boss");
    let client = await signedIn(email);
    expect(await grantAdmin(suite.database.handle.db, email.toUpperCase())).toEqual({ email, alreadyAdmin: false, twoFactorEnabled: false });
    expect(await grantAdmin(suite.database.handle.db, email)).toEqual({ email, alreadyAdmin: true, twoFactorEnabled: false });
    // The grant ended the session begun as a user: an admin's must be short.
    expect((await client.get("/api/session")).status).toBe(200);
    expect(await (await client.get("/api/session")).json()).toBeNull();

    client = suite.server.client();
    await signIn(client, email);
    const refused = await client.get("/api/admin/users?q=boss-");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: "TWO_FACTOR_REQUIRED", message: MESSAGES.twoFactorRequired });
    // Settings still work: the admin can enrol.
    await enrolTwoFactor(client);

    const response = await client.get(`/api/admin/users?q=${encodeURIComponent("boss-")}`);
    expect(response.status).toBe(200);
    const { items: users } = await response.json();
    expect(users.map((row: { email: string }) => row.email)).toContain(email);
    expect(users.every((row: { email: string }) => row.email.includes("boss-"))).toBe(true);
  });

  it("cannot be granted by a user to themselves through better-auth's admin API", async () => {
    const client = await signedIn(uniqueEmail());
    const session = await (await client.get("/api/session")).json();
    const response = await client.post("/api/auth/admin/set-role", { userId: session.user.id, role: "admin" });
    expect(response.status).toBe(404);
    expect((await (await client.get("/api/session")).json()).user.role).toBe("user");
  });

  it("cannot be set at sign-up", async () => {
    const email = uniqueEmail();
    const response = await suite.server.client().post("/api/auth/sign-up/email", { name: "Sneaky", email, password: "Sturdy-Ledger-4821", ...CONSENT, role: "admin" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("FIELD_NOT_ALLOWED");
    expect((await signIn(suite.server.client(), email)).status).toBe(401);
  });

  it("grantAdmin says clearly when no such account exists", async () => {
    await expect(grantAdmin(suite.database.handle.db, "nobody@example.com")).rejects.toThrow("No account with the e-mail nobody@example.com.");
  });
});

describe("better-auth's operator endpoints", () => {
  it.each([
    ["/api/auth/admin/impersonate-user", {}],
    ["/api/auth/admin/set-user-password", { newPassword: "Another-Ledger-9911" }],
    ["/api/auth/admin/ban-user", {}],
    ["/api/auth/admin/set-role", { role: "user" }],
    ["/api/auth/admin/list-users", undefined],
    ["/api/auth/delete-user", {}],
  ])("%s is not served, even to an admin, and changes nothing", async (path, body) => {
    const admin = await person(suite, { admin: true });
    const victim = await person(suite, { funds: 10_000n });
    const response = body === undefined ? await admin.client.get(path) : await admin.client.post(path, { userId: victim.id, ...body });
    expect(response.status).toBe(404);
    const [row] = await suite.database.handle.db.select().from(userTable).where(eq(userTable.id, victim.id));
    expect(row).toMatchObject({ role: "user", banned: false });
    expect((await signIn(suite.server.client(), victim.email)).status).toBe(200);
    expect(await sessionRows(victim.id)).not.toHaveLength(0);
  });
});

describe("admin sessions", () => {
  it("last 30 minutes past the last request, and a request moves that forward", async () => {
    const admin = await person(suite, { admin: true });
    const [created] = await sessionRows(admin.id);
    const remaining = new Date(created!.expiresAt).getTime() - Date.now();
    expect(remaining).toBeLessThanOrEqual(ADMIN_SESSION.idleMs);
    expect(remaining).toBeGreaterThan(ADMIN_SESSION.idleMs - 60_000);

    // Pretend the last request was 20 minutes ago; the next one extends the session again.
    const stale = new Date(Date.now() + 10 * 60_000);
    await suite.database.handle.db.update(sessionTable).set({ expiresAt: stale }).where(eq(sessionTable.userId, admin.id));
    expect((await admin.client.get("/api/admin/plans")).status).toBe(200);
    const [extended] = await sessionRows(admin.id);
    expect(new Date(extended!.expiresAt).getTime()).toBeGreaterThan(Date.now() + ADMIN_SESSION.idleMs - 60_000);
  });

  it("end when idle past the timeout", async () => {
    const admin = await person(suite, { admin: true });
    await suite.database.handle.db.update(sessionTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessionTable.userId, admin.id));
    expect((await admin.client.get("/api/admin/plans")).status).toBe(401);
    expect(await (await admin.client.get("/api/session")).json()).toBeNull();
  });

  it("never last past 12 hours from sign-in, however active", async () => {
    const admin = await person(suite, { admin: true });
    const signedInAt = new Date(Date.now() - ADMIN_SESSION.maxMs + 5 * 60_000);
    await suite.database.handle.db.update(sessionTable).set({ createdAt: signedInAt }).where(eq(sessionTable.userId, admin.id));
    await suite.database.handle.db.update(sessionTable).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessionTable.userId, admin.id));
    expect((await admin.client.get("/api/admin/plans")).status).toBe(200);
    const [row] = await sessionRows(admin.id);
    expect(new Date(row!.expiresAt).getTime()).toBeLessThanOrEqual(signedInAt.getTime() + ADMIN_SESSION.maxMs);
  });
});
