import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "#server/db/schema.js";
import type { HttpClient } from "./helpers/http-client.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { CONSENT, STRONG_PASSWORD, uniqueEmail } from "./helpers/test-server.js";

/*
 * The link in the sign-up mail signs its follower in, but only on the browser that signed up: sent
 * to anyone else, it must not sign their browser into the sender's account (login CSRF).
 */
const suite = serverSuite();

const BINDING = "termvest.verify_link";

async function linkFor(email: string): Promise<string> {
  await expect.poll(() => suite.server.mailer.find(email, /confirm your e-mail/i).length).toBeGreaterThan(0);
  const url = new URL(suite.server.mailer.find(email, /confirm your e-mail/i).at(-1)?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
  return url.pathname + url.search;
}

async function account(email: string) {
  const db = suite.database.handle.db;
  const [found] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
  if (!found) throw new Error(`no account ${email}`);
  const sessions = await db.select({ token: session.token }).from(session).where(eq(session.userId, found.id));
  return { ...found, sessions: sessions.length };
}

/** Signs up as the sign-up page does, with the dashboard as where the link lands. */
const signUp = (client: HttpClient, { email }: { email: string }) =>
  client.post("/api/auth/sign-up/email", { name: "Link Follower", email, password: STRONG_PASSWORD, ...CONSENT, callbackURL: "/dashboard?verified=1" });

const whoIsSignedIn = async (client: HttpClient) => ((await (await client.get("/api/session")).json()) as { user?: { email: string } } | null)?.user?.email;

describe("the verification link", () => {
  it("signs in the browser that signed up, lands on the dashboard, and spends the sign-up's cookie", async () => {
    const email = uniqueEmail("same");
    const browser = suite.server.client();
    expect((await signUp(browser, { email })).status).toBe(200);
    expect(browser.cookies.has(BINDING)).toBe(true);

    const followed = await browser.get(await linkFor(email));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/dashboard?verified=1");
    expect(await whoIsSignedIn(browser)).toBe(email);
    expect(browser.cookies.has(BINDING)).toBe(false);
    expect(await account(email)).toMatchObject({ emailVerified: true, sessions: 1 });
  });

  it("followed on another browser, verifies the address but signs no one in and leaves no session", async () => {
    const email = uniqueEmail("other");
    await signUp(suite.server.client(), { email });

    const elsewhere = suite.server.client();
    const followed = await elsewhere.get(await linkFor(email));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/login?verified=1");
    expect(followed.headers.getSetCookie()).toEqual([]);
    expect(await whoIsSignedIn(elsewhere)).toBeUndefined();
    expect(await account(email)).toMatchObject({ emailVerified: true, sessions: 0 });
  });

  it("sent to someone signed in, leaves them signed into their own account with their session intact", async () => {
    const attacker = uniqueEmail("sender");
    const attackerBrowser = suite.server.client();
    await signUp(attackerBrowser, { email: attacker });
    const victim = await person(suite, { name: "Victim" });
    const before = victim.client.sessionCookie();

    const followed = await victim.client.get(await linkFor(attacker));
    expect(followed.headers.get("location")).toBe("/login?verified=1");
    expect(victim.client.sessionCookie()).toEqual(before);
    expect(await whoIsSignedIn(victim.client)).toBe(victim.email);
    expect(await account(victim.email)).toMatchObject({ sessions: 1 });
    expect(await account(attacker)).toMatchObject({ emailVerified: true, sessions: 0 });
    // The sign-up's own browser still holds its cookie, which a second link no longer needs.
    expect(attackerBrowser.cookies.has(BINDING)).toBe(true);
  });

  it("is not opened by another account's sign-up cookie", async () => {
    const mine = uniqueEmail("mine");
    const theirs = uniqueEmail("theirs");
    const browser = suite.server.client();
    await signUp(browser, { email: mine });
    await signUp(suite.server.client(), { email: theirs });

    const followed = await browser.get(await linkFor(theirs));
    expect(followed.headers.get("location")).toBe("/login?verified=1");
    expect(await whoIsSignedIn(browser)).toBeUndefined();
    expect(await account(theirs)).toMatchObject({ emailVerified: true, sessions: 0 });
  });

  it("tells no one which addresses are taken: a taken address's sign-up gets the same kind of cookie", async () => {
    const email = uniqueEmail("taken");
    const first = suite.server.client();
    const second = suite.server.client();
    const fresh = await signUp(first, { email });
    const taken = await signUp(second, { email });
    const attributes = (response: Response) => response.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, "=…"));
    expect(attributes(taken)).toEqual(attributes(fresh));
    expect(attributes(fresh)).toEqual([`${BINDING}=…; Max-Age=3600; Path=/api/auth; HttpOnly; SameSite=Lax`]);
    expect(second.cookies.get(BINDING)?.value).not.toBe(first.cookies.get(BINDING)?.value);
  });
});
