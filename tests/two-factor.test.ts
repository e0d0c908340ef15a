import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session as sessionTable } from "#server/db/schema.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { HttpClient } from "./helpers/http-client.js";
import { enrolTwoFactor, person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { signIn, STRONG_PASSWORD } from "./helpers/test-server.js";
import { nextTotpCode, secretFromUri, totpCode } from "./helpers/totp.js";

const suite = serverSuite();
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();
const session = async (client: HttpClient) => (await client.get("/api/session")).json();
const db = () => suite.database.handle.db;

/*
 * A code works once: enrolling uses this 30-second step's code, so the tests sign in with the
 * next step's (nextTotpCode), which the server already accepts, instead of waiting.
 */

describe("two-factor sign-in", () => {
  it("asks for a code after the password, and only the code completes the sign-in", async () => {
    const user = await person(suite, { twoFactor: true });
    const client = suite.server.client();
    const first = await signIn(client, user.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await session(client)).toBeNull();

    expect((await client.post("/api/auth/two-factor/verify-totp", { code: "000000" })).status).toBe(401);
    expect(await session(client)).toBeNull();
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(user.totpSecret!) })).status).toBe(200);
    expect((await session(client)).user.email).toBe(user.email);
  });

  it("takes each code once: the code that signed one browser in does not sign in another", async () => {
    const user = await person(suite, { twoFactor: true });
    const code = await nextTotpCode(user.totpSecret!);
    const first = suite.server.client();
    await signIn(first, user.email);
    expect((await first.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);

    const second = suite.server.client();
    await signIn(second, user.email);
    const replayed = await second.post("/api/auth/two-factor/verify-totp", { code });
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).message).toBe(MESSAGES.twoFactorCodeUsed);
    expect(await session(second)).toBeNull();
    // Nor does the enrolment's code, used before it.
    expect((await second.post("/api/auth/two-factor/verify-totp", { code: await totpCode(user.totpSecret!) })).status).toBe(401);
  });

  it("skips the code for 30 days on a device the user chose to trust", async () => {
    const user = await person(suite, { twoFactor: true });
    const client = suite.server.client();
    await signIn(client, user.email);
    await client.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(user.totpSecret!), trustDevice: true });
    const trust = [...client.cookies.entries()].find(([name]) => name.includes("trust_device"));
    expect(trust?.[1].maxAge).toBe(30 * 24 * 60 * 60);

    await client.post("/api/auth/sign-out");
    const again = await signIn(client, user.email);
    expect(await again.json()).not.toHaveProperty("twoFactorRedirect");
    expect(await session(client)).not.toBeNull();
    // Another browser still needs the code.
    expect(await (await signIn(suite.server.client(), user.email)).json()).toMatchObject({ twoFactorRedirect: true });
  });

  it("accepts each of ten backup codes once instead of the code", async () => {
    const user = await person(suite);
    const enabled = await (await user.client.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD })).json();
    expect(enabled.backupCodes).toHaveLength(10);
    await user.client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(secretFromUri(enabled.totpURI)) });

    const client = suite.server.client();
    await signIn(client, user.email);
    expect((await client.post("/api/auth/two-factor/verify-backup-code", { code: enabled.backupCodes[0] })).status).toBe(200);
    expect(await session(client)).not.toBeNull();
    const reuse = suite.server.client();
    await signIn(reuse, user.email);
    expect((await reuse.post("/api/auth/two-factor/verify-backup-code", { code: enabled.backupCodes[0] })).status).toBe(401);
  });

  it("is not on until the first code confirms the enrolment", async () => {
    const user = await person(suite);
    await user.client.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD });
    expect((await session(user.client)).user.twoFactorEnabled).toBe(false);
    expect(await (await signIn(suite.server.client(), user.email)).json()).not.toHaveProperty("twoFactorRedirect");
    expect(await enrolTwoFactor(user.client)).toBeInstanceOf(Uint8Array);
    expect((await session(user.client)).user.twoFactorEnabled).toBe(true);
  });
});

describe("changing two-factor", () => {
  it("off takes the password and a current code", async () => {
    const user = await person(suite, { twoFactor: true });
    const disable = (body: object) => user.client.post("/api/auth/two-factor/disable", body);
    expect((await disable({ password: "Wrong-Password-11", code: await nextTotpCode(user.totpSecret!) })).status).toBe(400);
    const withoutCode = await disable({ password: STRONG_PASSWORD });
    expect(withoutCode.status).toBe(400);
    expect((await withoutCode.json()).message).toBe(MESSAGES.secondFactorCodeRequired);
    expect((await disable({ password: STRONG_PASSWORD, code: "123456" })).status).toBe(400);
    expect((await session(user.client)).user.twoFactorEnabled).toBe(true);

    expect((await disable({ password: STRONG_PASSWORD, code: await nextTotpCode(user.totpSecret!) })).status).toBe(200);
    expect((await session(user.client)).user.twoFactorEnabled).toBe(false);
    expect(await (await signIn(suite.server.client(), user.email)).json()).not.toHaveProperty("twoFactorRedirect");
  });

  it("is e-mailed to the owner: turned on, new backup codes, turned off", async () => {
    const user = await person(suite, { twoFactor: true });
    const mails = (subject: RegExp) => suite.server.mailer.find(user.email, subject).length;
    await expect.poll(() => mails(/two-factor authentication is on/i)).toBe(1);
    const regenerate = (code?: string) => user.client.post("/api/auth/two-factor/generate-backup-codes", { password: STRONG_PASSWORD, code });
    expect((await regenerate()).status).toBe(400);
    expect((await regenerate(await nextTotpCode(user.totpSecret!))).status).toBe(200);
    await expect.poll(() => mails(/new backup codes/i)).toBe(1);
  });

  it("off is e-mailed to the owner too, and a sign-in with a code is not a change", async () => {
    const user = await person(suite, { twoFactor: true });
    const mails = (subject: RegExp) => suite.server.mailer.find(user.email, subject).length;
    const client = suite.server.client();
    await signIn(client, user.email);
    await client.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(user.totpSecret!) });
    expect((await session(client)).user.email).toBe(user.email);
    // Both steps' codes are spent now; a backup code signs in, and turning off needs a fresh code.
    await expect.poll(() => mails(/two-factor authentication is on/i)).toBe(1);
    expect(mails(/two-factor authentication is off/i)).toBe(0);
  });
});

describe("sessions", () => {
  it("are listed whatever their age, and others are signed out only with the password", async () => {
    const user = await person(suite);
    const other = suite.server.client();
    await signIn(other, user.email);
    const listed = await user.client.get("/api/auth/list-sessions");
    expect(listed.status).toBe(200);
    const sessions: Array<{ id: string }> = await listed.json();
    expect(sessions).toHaveLength(2);
    // Named by id, never by token: the page cannot read what the HttpOnly cookie holds.
    const tokens = await db().select({ token: sessionTable.token }).from(sessionTable).where(eq(sessionTable.userId, (await session(user.client)).user.id));
    expect(tokens).toHaveLength(2);
    for (const { token } of tokens) expect(JSON.stringify(sessions)).not.toContain(token);
    expect(sessions.every((listedSession) => !("token" in listedSession))).toBe(true);

    // One session is signed out by its id, with the password; another person's id is no session of theirs.
    const otherId = (await session(other)).session.id;
    const stranger = await person(suite);
    const strangers: Array<{ id: string }> = await (await stranger.client.get("/api/auth/list-sessions")).json();
    const byStranger = await stranger.client.post("/api/auth/revoke-session", { sessionId: otherId, password: STRONG_PASSWORD });
    expect(byStranger.status).toBe(404);
    expect(await session(other)).not.toBeNull();
    expect((await user.client.post("/api/auth/revoke-session", { sessionId: otherId })).status).toBe(400);
    expect((await user.client.post("/api/auth/revoke-session", { sessionId: strangers[0]!.id, password: STRONG_PASSWORD })).status).toBe(404);
    expect(await session(stranger.client)).not.toBeNull();
    expect((await user.client.post("/api/auth/revoke-session", { sessionId: otherId, password: STRONG_PASSWORD })).status).toBe(200);
    expect(await session(other)).toBeNull();
    await signIn(other, user.email);

    expect((await user.client.post("/api/auth/revoke-other-sessions", {})).status).toBe(400);
    expect(await session(other)).not.toBeNull();
    expect((await user.client.post("/api/auth/revoke-other-sessions", { password: STRONG_PASSWORD })).status).toBe(200);
    expect(await session(other)).toBeNull();
  });
});

describe("payouts with two-factor on", () => {
  const payoutFor = (client: HttpClient) => (body: Record<string, unknown>) => client.post("/api/payouts", { amountCents: 2_000, walletAddress: WALLET, ...body });
  /** Someone with WALLET on their withdrawal list. */
  const payer = async (options: Parameters<typeof person>[1]) => {
    const user = await person(suite, options);
    await listWallet(suite.database.handle.db, user.id, WALLET);
    return user;
  };
  it("check codes against real time, whatever the test clock says", async () => {
    const user = await payer({ twoFactor: true, funds: 100_000n });
    suite.server.clock.advance(60 * 60_000);
    expect((await payoutFor(user.client)({ twoFactorCode: await nextTotpCode(user.totpSecret!) })).status).toBe(201);
  });


  it("need a current code, and a code approves one payout only", async () => {
    const user = await payer({ twoFactor: true, funds: 100_000n });
    const payout = payoutFor(user.client);

    const missing = await payout({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeRequired });
    const wrong = await payout({ twoFactorCode: "123456" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeInvalid });
    // The enrolment's code is spent.
    const enrolment = await payout({ twoFactorCode: await totpCode(user.totpSecret!) });
    expect((await enrolment.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeUsed });
    expect((await summary(user.client)).mainBalanceCents).toBe(100_000);

    const code = await nextTotpCode(user.totpSecret!);
    expect((await payout({ twoFactorCode: code })).status).toBe(201);
    const replayed = await payout({ twoFactorCode: code });
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeUsed });
    expect((await summary(user.client)).mainBalanceCents).toBe(98_000);
  });

  it("stop taking codes after ten wrong ones, the right one too", async () => {
    const user = await payer({ twoFactor: true, funds: 100_000n });
    const payout = payoutFor(user.client);
    for (let attempt = 0; attempt < 10; attempt++) expect((await payout({ twoFactorCode: "000000" })).status).toBe(400);
    const locked = await payout({ twoFactorCode: await nextTotpCode(user.totpSecret!) });
    expect(locked.status).toBe(429);
    expect((await summary(user.client)).mainBalanceCents).toBe(100_000);
  });

  it("need no code from a user without two-factor", async () => {
    const user = await payer({ funds: 10_000n });
    expect((await payoutFor(user.client)({})).status).toBe(201);
  });
});
