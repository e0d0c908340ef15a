import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "#server/db/schema.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import type { HttpClient } from "./helpers/http-client.js";

/**
 * GET /api/session: who is signed in, for the web app's every page load, answered by the same
 * lookup as every signed-in request instead of better-auth's get-session, which is not served
 * (server/routes/session.ts).
 */
const suite = serverSuite();

const tokenOf = (p: Person) => decodeURIComponent(p.client.sessionCookie()?.value ?? "").split(".")[0] ?? "";
const current = async (client: HttpClient) => {
  const response = await client.get("/api/session");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response.json();
};

/** Due for better-auth's refresh: less than expiresIn - updateAge of its idle time left (7 days, refreshed daily). */
const DUE = () => new Date(Date.now() + 6 * 86_400_000 - 60_000);

describe("GET /api/session", () => {
  it("answers null to a visitor, and to a cookie that is not a session's", async () => {
    expect(await current(suite.server.client())).toBeNull();
    const stranger = suite.server.client();
    stranger.cookies.set("__Secure-termvest.session_token", { value: "not-a-session.c2lnbmF0dXJl" });
    stranger.cookies.set("termvest.session_token", { value: "not-a-session.c2lnbmF0dXJl" });
    expect(await current(stranger)).toBeNull();
  });

  it("names the signed-in user and their session, and never shows the session's token", async () => {
    const alice = await person(suite, { name: "Alice Ng" });
    const body = await current(alice.client);
    const [row] = await suite.database.handle.db.select({ id: session.id }).from(session).where(eq(session.token, tokenOf(alice)));
    expect(body).toEqual({
      user: { id: alice.id, name: "Alice Ng", email: alice.email, role: "user", emailVerified: true, twoFactorEnabled: false },
      session: { id: row!.id, secondFactor: null, backOffice: false },
    });
    expect(JSON.stringify(body)).not.toContain(tokenOf(alice));
  });

  it("reports an unverified address, an admin's role and second factor", async () => {
    const unverified = await person(suite, { verified: false });
    expect((await current(unverified.client)).user).toMatchObject({ emailVerified: false, role: "user" });
    const admin = await person(suite, { admin: true });
    expect((await current(admin.client)).user).toMatchObject({ role: "admin", twoFactorEnabled: true });
  });

  it("answers null once the session is signed out, revoked, expired, or its user banned", async () => {
    const db = suite.database.handle.db;
    const bob = await person(suite);
    expect(await current(bob.client)).not.toBeNull();
    // Sign-out through this server forgets the short read cache at once.
    const cookies = new Map(bob.client.cookies);
    expect((await bob.client.post("/api/auth/sign-out")).ok).toBe(true);
    expect(await current(bob.client)).toBeNull();
    // The old cookie, kept by someone who copied it, is no one's either.
    const copy = suite.server.client();
    for (const [name, value] of cookies) copy.cookies.set(name, value);
    expect(await current(copy)).toBeNull();

    // Changed in the database behind this server's back (as another server would): answered at
    // once all the same, because this answer never comes from the read cache.
    const carol = await person(suite);
    expect(await current(carol.client)).not.toBeNull();
    await db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, tokenOf(carol)));
    expect(await current(carol.client)).toBeNull();

    const dave = await person(suite);
    expect(await current(dave.client)).not.toBeNull();
    expect((await dave.client.get("/api/me/summary")).status).toBe(200);
    await db.update(user).set({ banned: true, banExpires: null }).where(eq(user.id, dave.id));
    expect(await current(dave.client)).toBeNull();
    // What it found also ends the read cache's answer for that cookie, which could have held for seconds.
    expect((await dave.client.get("/api/me/summary")).status).toBe(401);
  });

  it("slides a remembered session that is due, and sends its new cookie, as better-auth's get-session did", async () => {
    const db = suite.database.handle.db;
    const erin = await person(suite);
    const due = DUE();
    await db.update(session).set({ expiresAt: due }).where(eq(session.token, tokenOf(erin)));
    const response = await erin.client.get("/api/session");
    expect((await response.json()).user.id).toBe(erin.id);
    const refreshed = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(refreshed).toMatch(/Max-Age=604800/);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, tokenOf(erin)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 60_000);
  });
});

/**
 * Makes a remembered session due for better-auth's slide, and gives its browser a cookie header this
 * server has not cached (as on another server of several), so the next read asks the database.
 */
async function dueForSlide(p: Person) {
  await suite.database.handle.db.update(session).set({ expiresAt: DUE() }).where(eq(session.token, tokenOf(p)));
  p.client.cookies.set("elsewhere", { value: crypto.randomUUID() });
}

describe("a signed-in read that slides a remembered session", () => {
  it("carries the new cookie, so the browser keeps the session as long as the server does", async () => {
    const frank = await person(suite);
    await dueForSlide(frank);
    const response = await frank.client.get("/api/me/summary");
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(refreshed).toMatch(/Max-Age=604800/);
    expect(refreshed).toContain(encodeURIComponent(tokenOf(frank)));
  });

  it("carries it on a download too (the history as CSV)", async () => {
    const grace = await person(suite);
    await dueForSlide(grace);
    const response = await grace.client.get("/api/transactions?format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => line.includes("session_token=") && /Max-Age=604800/.test(line))).toBe(true);
  });
});
