import { hashPassword as legacyScryptHash } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, user, verification } from "#server/db/schema.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import type { HttpClient } from "./helpers/http-client.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, signUp, STRONG_PASSWORD, uniqueEmail } from "./helpers/test-server.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;

const requestReset = (email: string, client = suite.server.client()) =>
  client.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });

/** The token from the newest reset mail, once it has been sent. */
async function resetToken(email: string, nth: number): Promise<string> {
  await expect.poll(() => suite.server.mailer.find(email, /reset/i).length).toBeGreaterThanOrEqual(nth);
  const link = suite.server.mailer.find(email, /reset/i)[nth - 1]?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return new URL(link).pathname.split("/").pop() ?? "";
}

async function account_(email = uniqueEmail()) {
  await signUp(suite.server.client(), { email });
  const client = suite.server.client();
  await signIn(client, email);
  return { email, client };
}

const sessionOf = async (client: HttpClient) => (await client.get("/api/session")).json();

describe("password reset", () => {
  it("mails a link that leads to the reset page and sets a new password", async () => {
    const { email, client: oldSession } = await account_();
    const client = suite.server.client();
    expect((await requestReset(email, client)).status).toBe(200);
    await expect.poll(() => suite.server.mailer.find(email, /reset/i).length).toBe(1);
    const link = suite.server.mailer.find(email, /reset/i)[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "";

    const followed = await client.get(new URL(link).pathname + new URL(link).search);
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("location") ?? "", suite.server.url);
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    expect((await client.post("/api/auth/reset-password", { token, newPassword: "password1" })).status).toBe(400);
    expect((await client.post("/api/auth/reset-password", { token, newPassword: "New-Sturdy-Ledger-77" })).status).toBe(200);
    expect((await signIn(suite.server.client(), email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(suite.server.client(), email, "New-Sturdy-Ledger-77")).status).toBe(200);
    // Resetting signs out every existing session, and a token works once.
    expect(await sessionOf(oldSession)).toBeNull();
    expect((await client.post("/api/auth/reset-password", { token, newPassword: "Another-Ledger-88" })).status).toBe(400);
  });

  it("answers an unknown address exactly like a known one and mails only the known one", async () => {
    const { email } = await account_();
    const ghost = uniqueEmail("ghost");
    const forKnown = await requestReset(email);
    const forUnknown = await requestReset(ghost);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    await expect.poll(() => suite.server.mailer.find(email, /reset/i).length).toBe(1);
    expect(suite.server.mailer.to(ghost)).toHaveLength(0);
  });

  it("answers the same, at once, with the mail server down or stalled, and sends the mail once it is back", async () => {
    const { email } = await account_();
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await requestReset(address);
      return { status: response.status, body: await response.json(), ms: performance.now() - started };
    };
    suite.server.mailer.failing = true;
    const release = suite.server.mailer.stall();
    try {
      const known = await timed(email);
      const unknown = await timed(uniqueEmail("ghost"));
      expect(known.status).toBe(200);
      expect(known).toMatchObject({ status: unknown.status, body: unknown.body });
      expect(known.ms).toBeLessThan(1_000);
    } finally {
      release();
      suite.server.mailer.failing = false;
    }
    // The failed attempt is retried after its backoff; move the clock past it.
    suite.server.clock.advance(60_000);
    await expect.poll(() => suite.server.mailer.find(email, /reset/i).length, { timeout: 8_000 }).toBe(1);
  });

  it("ends every other session and every other reset link, and tells the owner", async () => {
    const { email, client } = await account_();
    await requestReset(email);
    const first = await resetToken(email, 1);
    await requestReset(email);
    const second = await resetToken(email, 2);
    expect(first).not.toBe(second);

    expect((await suite.server.client().post("/api/auth/reset-password", { token: second, newPassword: "New-Sturdy-Ledger-77" })).status).toBe(200);
    expect((await suite.server.client().post("/api/auth/reset-password", { token: first, newPassword: "Evil-Sturdy-Ledger-66" })).status).toBe(400);
    expect((await signIn(suite.server.client(), email, "New-Sturdy-Ledger-77")).status).toBe(200);
    expect(await sessionOf(client)).toBeNull();
    await expect.poll(() => suite.server.mailer.find(email, /password was changed/).length).toBe(1);
  });
});

describe("password change", () => {
  it("ends every other session (whatever the client asked), voids reset links, and tells the owner", async () => {
    const { email, client } = await account_();
    const other = suite.server.client();
    await signIn(other, email);
    await requestReset(email);
    const pending = await resetToken(email, 1);

    const changed = await client.post("/api/auth/change-password", { currentPassword: STRONG_PASSWORD, newPassword: "Changed-Ledger-4242", revokeOtherSessions: false });
    expect(changed.status).toBe(200);
    expect(await sessionOf(client)).not.toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect((await suite.server.client().post("/api/auth/reset-password", { token: pending, newPassword: "Evil-Sturdy-Ledger-66" })).status).toBe(400);
    await expect.poll(() => suite.server.mailer.find(email, /password was changed/).length).toBe(1);
    const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const left = await db().select().from(verification).where(and(eq(verification.value, owner!.id), like(verification.identifier, "reset-password:%")));
    expect(left).toHaveLength(0);
  });

  it("refuses a new password holding the e-mail's name or the site's name, or only spaces", async () => {
    const email = `okonkwo.${Date.now()}@example.com`;
    const { client } = await account_(email);
    for (const [newPassword, message] of [
      [`Okonkwo.${Date.now()}-x`, MESSAGES.passwordPersonal],
      ["my-TERMVEST-pass-99", MESSAGES.passwordPersonal],
      [" ".repeat(12), MESSAGES.passwordOnlySpaces],
    ]) {
      const response = await client.post("/api/auth/change-password", { currentPassword: STRONG_PASSWORD, newPassword });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "WEAK_PASSWORD", message });
    }
    const signUpWithName = await signUp(suite.server.client(), { email: `adaeze.${Date.now()}@example.com`, password: "Adaeze-Sturdy-77" });
    expect(signUpWithName.status).toBe(400);
  });
});

describe("password hashes", () => {
  const storedHash = async (email: string) => {
    const [row] = await db().select({ hash: account.password }).from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, email));
    return row?.hash ?? "";
  };

  it("are argon2id with OWASP's parameters", async () => {
    const { email } = await account_();
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("made by the old scheme still sign in, and are replaced by argon2id at that sign-in", async () => {
    const { email } = await account_();
    const legacy = await legacyScryptHash(STRONG_PASSWORD);
    const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    await db().update(account).set({ password: legacy }).where(eq(account.userId, owner!.id));

    expect((await signIn(suite.server.client(), email, "Wrong-Password-11")).status).toBe(401);
    expect(await storedHash(email)).toBe(legacy);
    expect((await signIn(suite.server.client(), email)).status).toBe(200);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$/);
    expect((await signIn(suite.server.client(), email)).status).toBe(200);
  });
});
