import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuth, type Auth } from "#server/auth.js";
import { betterAuthSession, createSessionLookup, readCookie, type SessionLookup } from "#server/auth/session-lookup.js";
import { loadOrCreateSecret } from "#server/data-dir.js";
import { session, user } from "#server/db/schema.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, signUp, uniqueEmail } from "./helpers/test-server.js";

/**
 * Pins server/auth/session-lookup.ts (one statement) against better-auth's own getSession, with the
 * server's secret and options: for every cookie both must give the same caller, or both none.
 */
const suite = serverSuite();
let auth: Auth;
let lookup: SessionLookup;

beforeAll(() => {
  const { config, database } = suite.server;
  const secret = config.authSecret ?? loadOrCreateSecret(config.dataDir);
  auth = createAuth({ db: database.db, config, secret, logger: pino({ level: "silent" }), legalVersions: { terms: null, risk: null } });
  lookup = createSessionLookup(auth, database.db);
});
afterEach(() => vi.restoreAllMocks());

const cookieHeader = (p: Person) => [...p.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
const headersOf = (cookie: string) => new Headers({ cookie });
const tokenOf = (p: Person) => decodeURIComponent(p.client.sessionCookie()?.value ?? "").split(".")[0] ?? "";

const ourAnswer = (headers: Headers) => lookup(headers);

/** Both answers for the same cookie: ours first (better-auth may delete an expired row). */
async function both(cookie: string) {
  const ours = await ourAnswer(headersOf(cookie));
  const theirs = await betterAuthSession(auth, headersOf(cookie));
  return { ours, theirs };
}

describe("the session lookup agrees with better-auth", () => {
  it("on a valid cookie: the same user and session, without calling better-auth", async () => {
    const alice = await person(suite);
    const spy = vi.spyOn(auth.api, "getSession");
    const ours = await ourAnswer(headersOf(cookieHeader(alice)));
    expect(spy).not.toHaveBeenCalled();
    const raw = await auth.api.getSession({ headers: headersOf(cookieHeader(alice)) });
    expect(raw).not.toBeNull();
    expect(ours).toEqual(await betterAuthSession(auth, headersOf(cookieHeader(alice))));
    expect(ours?.user).toMatchObject({ id: raw?.user.id, email: alice.email, emailVerified: true, role: "user", twoFactorEnabled: false, banned: false });
    expect(ours?.session).toMatchObject({ token: raw?.session.token, userId: alice.id, expiresAt: raw?.session.expiresAt });
  });

  it("on a session that is not remembered (the login form's default), too", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    await suite.database.handle.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const client = suite.server.client();
    await signIn(client, email, undefined, false);
    expect([...client.cookies.keys()].some((name) => name.endsWith("dont_remember"))).toBe(true);
    const cookie = [...client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
    const spy = vi.spyOn(auth.api, "getSession");
    const ours = await ourAnswer(headersOf(cookie));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(ours?.user.email).toBe(email);
    expect(ours).toEqual(await betterAuthSession(auth, headersOf(cookie)));
  });

  it("refuse a tampered signature, a token without one, and another secret's", async () => {
    const bob = await person(suite);
    const [name, { value }] = [...bob.client.cookies].find(([n]) => n.endsWith("session_token"))!;
    const [token, signature = ""] = decodeURIComponent(value).split(".");
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const forged = [
      `${name}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}.${signature.replace(/=$/, "")}`)}`,
      `${name}=${encodeURIComponent(`${token}.${signature.replaceAll("+", "-").replaceAll("/", "_")}x`)}`,
      `other=${value}`,
    ];
    for (const cookie of forged) expect(await both(cookie)).toEqual({ ours: null, theirs: null });
    // The real one still works, so the refusals above are about the signature.
    expect((await both(`${name}=${value}`)).ours?.user.id).toBe(bob.id);
    // And once the real one has been checked (and its check remembered), the forged ones still fail.
    for (const cookie of forged) expect(await both(cookie)).toEqual({ ours: null, theirs: null });
  });

  it("refuse an expired session, and a revoked one", async () => {
    const db = suite.database.handle.db;
    const carol = await person(suite);
    await db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, tokenOf(carol)));
    expect(await both(cookieHeader(carol))).toEqual({ ours: null, theirs: null });
    const dave = await person(suite);
    await db.delete(session).where(eq(session.token, tokenOf(dave)));
    expect(await both(cookieHeader(dave))).toEqual({ ours: null, theirs: null });
  });

  it("report a ban, an unverified address and a second factor as better-auth does; the guards refuse them", async () => {
    const db = suite.database.handle.db;
    const erin = await person(suite);
    await db.update(user).set({ banned: true, banExpires: new Date(Date.now() + 60_000) }).where(eq(user.id, erin.id));
    const banned = await both(cookieHeader(erin));
    expect(banned.ours).toEqual(banned.theirs);
    expect(banned.ours?.user).toMatchObject({ banned: true });
    // Banned behind this server's back (an operator's ban through it also empties the read cache),
    // so the guard is asked with a cookie header it has not cached, as another server would be.
    erin.client.cookies.set("elsewhere", { value: "1" });
    expect((await erin.client.get("/api/me/summary")).status).toBe(401);

    const frank = await person(suite, { verified: false });
    const unverified = await both(cookieHeader(frank));
    expect(unverified.ours).toEqual(unverified.theirs);
    expect(unverified.ours?.user.emailVerified).toBe(false);
    const refused = await frank.client.request("/api/transfers", { body: { toEmail: erin.email, amountCents: 100 }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("EMAIL_NOT_VERIFIED");

    const grace = await person(suite, { admin: true });
    const admin = await both(cookieHeader(grace));
    // An admin's session slides on every request (30 minutes idle), so only its expiry may differ.
    expect(admin.ours?.user).toEqual(admin.theirs?.user);
    expect(admin.ours?.session.token).toBe(admin.theirs?.session.token);
    expect(admin.ours?.user).toMatchObject({ role: "admin", twoFactorEnabled: true });
  });

  it("leave the refresh of a remembered session's expiry (updateAge) to better-auth, which slides it", async () => {
    const db = suite.database.handle.db;
    const heidi = await person(suite);
    const { sessionConfig } = await auth.$context;
    // Due for the refresh: less than expiresIn - updateAge left.
    const due = new Date(Date.now() + (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000 - 60_000);
    await db.update(session).set({ expiresAt: due }).where(eq(session.token, tokenOf(heidi)));
    const spy = vi.spyOn(auth.api, "getSession");
    const ours = await lookup(headersOf(cookieHeader(heidi)));
    expect(spy).toHaveBeenCalledOnce();
    expect(ours?.user.id).toBe(heidi.id);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, tokenOf(heidi)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 60_000);
  });
});

describe("a session at its absolute end", () => {
  it("a remembered session at its absolute end has nothing to slide: no better-auth call", async () => {
    const db = suite.database.handle.db;
    const judy = await person(suite);
    const { sessionConfig } = await auth.$context;
    // Due by age (a day since the last slide), but its end is already created + the absolute lifetime.
    const end = new Date(Date.now() + 60 * 60_000);
    const createdAt = new Date(end.getTime() - auth.sessionLimits.userMaxMs);
    expect(end.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000).toBeLessThan(Date.now());
    await db.update(session).set({ createdAt, expiresAt: end }).where(eq(session.token, tokenOf(judy)));
    const spy = vi.spyOn(auth.api, "getSession");
    const answer = await lookup(headersOf(cookieHeader(judy)));
    expect(spy).not.toHaveBeenCalled();
    expect(answer?.user.id).toBe(judy.id);
    expect(answer?.session.expiresAt.getTime()).toBe(end.getTime());
    // better-auth, asked all the same, writes the same end: the slide would not have moved it.
    spy.mockRestore();
    await betterAuthSession(auth, headersOf(cookieHeader(judy)));
    const [after] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, tokenOf(judy)));
    expect(after!.expiresAt.getTime()).toBe(end.getTime());
  });
});

describe("an admin's session", () => {
  it("is slid by extendAdminSession, not handed to better-auth on every request (for which it is always due)", async () => {
    const db = suite.database.handle.db;
    const admin = await person(suite, { admin: true });
    const [before] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, tokenOf(admin)));
    const spy = vi.spyOn(auth.api, "getSession");
    const answer = await lookup(headersOf(cookieHeader(admin)));
    expect(spy).not.toHaveBeenCalled();
    expect(answer?.user.role).toBe("admin");
    expect(answer?.session.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    // Its idle timeout still slides: a back-office request two minutes later moves the end forward.
    await db.update(session).set({ expiresAt: new Date(before!.expiresAt.getTime() - 120_000) }).where(eq(session.token, tokenOf(admin)));
    expect((await admin.client.get("/api/admin/plans")).status).toBe(200);
    const [after] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, tokenOf(admin)));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });
});

describe("cookie reading as better-call does it", () => {
  it("takes the first occurrence, strips quotes, decodes", () => {
    expect(readCookie('a=1; b="x%2By"; a=2', "a")).toBe("1");
    expect(readCookie('a=1; b="x%2By"; a=2', "b")).toBe("x+y");
    expect(readCookie("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
    expect(readCookie("junk; a=3", "a")).toBe("3");
    expect(readCookie(null, "a")).toBeUndefined();
  });
});
