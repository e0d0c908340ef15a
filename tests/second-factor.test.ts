import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { auditLog, session as sessionTable, twoFactor, verification } from "#server/db/schema.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { HttpClient } from "./helpers/http-client.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { signIn, STRONG_PASSWORD } from "./helpers/test-server.js";
import { nextTotpCode, secretFromUri, totpCode } from "./helpers/totp.js";
import { freshWallet } from "./helpers/wallets.js";

/*
 * The second factor and four eyes, tried as an attacker with a stolen session, a stolen
 * password or an operator's own account would. Codes are real TOTP codes; a code works once, so
 * each test uses the next 30-second step's code (which the server accepts) after the enrolment's.
 */
const suite = serverSuite();
const db = () => suite.database.handle.db;
const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();
const current = async (client: HttpClient) => (await client.get("/api/session")).json();

/** Two-factor on, as Settings does it, keeping the backup codes the enrolment showed. */
async function enrolWithBackupCodes(user: Person): Promise<{ secret: Uint8Array; backupCodes: string[] }> {
  const enabled = await (await user.client.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD })).json();
  const secret = secretFromUri(enabled.totpURI);
  expect((await user.client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(secret) })).status).toBe(200);
  return { secret, backupCodes: enabled.backupCodes };
}

/** The same stolen session cookie, sent from another address. */
function fromAddress(client: HttpClient, ip: string): HttpClient {
  const copy = new HttpClient(client.baseUrl, ip);
  for (const [name, cookie] of client.cookies) copy.cookies.set(name, cookie);
  return copy;
}

describe("every way money leaves asks the same second factor", () => {
  it("a stolen session sends nothing without a code, by transfer, money request or payout, nor adds a withdrawal address", async () => {
    const victim = await person(suite, { twoFactor: true, funds: 100_000n, name: "Vic Tim" });
    const wallet = await listWallet(db(), victim.id);
    const attacker = await person(suite, { name: "Mal Lory" });
    const request = await (await attacker.client.post("/api/money-requests", { fromEmail: victim.email, amountCents: 50_000 })).json();

    const attempts = {
      transfer: (body: object) => victim.client.post("/api/transfers", { toEmail: attacker.email, amountCents: 50_000, ...body }),
      moneyRequest: (body: object) => victim.client.post(`/api/money-requests/${request.id}/pay`, body),
      payout: (body: object) => victim.client.post("/api/payouts", { amountCents: 50_000, walletAddress: wallet, ...body }),
      withdrawalAddress: (body: object) => victim.client.post("/api/me/withdrawal-addresses", { address: freshWallet(), label: "Not mine", ...body }),
    };
    for (const [route, attempt] of Object.entries(attempts)) {
      const missing = await attempt({});
      expect(missing.status, route).toBe(400);
      expect((await missing.json()).error.fields, route).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeRequired });
      const wrong = await attempt({ twoFactorCode: "000000" });
      expect((await wrong.json()).error.fields, route).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeInvalid });
    }
    expect(await summary(victim.client)).toMatchObject({ mainBalanceCents: 100_000 });
    expect(await summary(attacker.client)).toMatchObject({ mainBalanceCents: 0 });
    expect((await (await victim.client.get("/api/me/withdrawal-addresses")).json()).items).toHaveLength(1);

    // The owner, with the code, pays the request: the code is used up by that one movement.
    const code = await nextTotpCode(victim.totpSecret!);
    expect((await attempts.moneyRequest({ twoFactorCode: code })).status).toBe(200);
    const replayed = await attempts.transfer({ twoFactorCode: code });
    expect((await replayed.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeUsed });
    expect(await summary(victim.client)).toMatchObject({ mainBalanceCents: 50_000 });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("a refused movement leaves the code unused", async () => {
    const user = await person(suite, { twoFactor: true, funds: 1_000n });
    const other = await person(suite);
    const code = await nextTotpCode(user.totpSecret!);
    const tooMuch = await user.client.post("/api/transfers", { toEmail: other.email, amountCents: 5_000, twoFactorCode: code });
    expect(tooMuch.status).toBe(409);
    expect((await user.client.post("/api/transfers", { toEmail: other.email, amountCents: 500, twoFactorCode: code })).status).toBe(201);
  });

  it("takes a backup code once instead, and stores backup codes only as hashes", async () => {
    const user = await person(suite, { funds: 100_000n });
    const other = await person(suite);
    const { backupCodes } = await enrolWithBackupCodes(user);
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes[0]).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){4}$/);

    const [row] = await db().select({ codes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, user.id));
    const stored = JSON.parse(row!.codes) as string[];
    expect(stored).toHaveLength(10);
    expect(stored.every((hash) => /^sha256:[0-9a-f]{64}$/.test(hash))).toBe(true);
    for (const code of backupCodes) expect(row!.codes).not.toContain(code.replaceAll("-", ""));

    const send = (twoFactorCode: string) => user.client.post("/api/transfers", { toEmail: other.email, amountCents: 1_000, twoFactorCode });
    expect((await send(backupCodes[0]!.toUpperCase())).status).toBe(201);
    expect((await (await send(backupCodes[0]!)).json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeInvalid });
    const [after] = await db().select({ codes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(JSON.parse(after!.codes)).toHaveLength(9);

    // At sign-in too, once.
    const browser = suite.server.client();
    await signIn(browser, user.email);
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(200);
    expect((await current(browser)).session).toMatchObject({ secondFactor: "backup_code" });
    const again = suite.server.client();
    await signIn(again, user.email);
    expect((await again.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(401);
  });

  it("no longer hands out the authenticator secret", async () => {
    const user = await person(suite, { twoFactor: true });
    expect((await user.client.post("/api/auth/two-factor/get-totp-uri", { password: STRONG_PASSWORD })).status).toBe(404);
  });
});

describe("a session is as strong as the sign-in that made it", () => {
  it("a session made with the password alone never opens the back office, and turning two-factor on elsewhere ends it", async () => {
    const admin = await person(suite, { admin: true, twoFactor: false });
    const passwordOnly = suite.server.client();
    await signIn(passwordOnly, admin.email);
    expect((await passwordOnly.get("/api/admin/overview")).status).toBe(403);

    const other = suite.server.client();
    await signIn(other, admin.email);
    const enabled = await (await other.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD })).json();
    expect((await other.post("/api/auth/two-factor/verify-totp", { code: await totpCode(secretFromUri(enabled.totpURI)) })).status).toBe(200);
    // The browser that turned it on goes on, with a session that passed the code; the other is over.
    expect((await other.get("/api/admin/overview")).status).toBe(200);
    expect((await current(other)).session).toMatchObject({ secondFactor: "totp", backOffice: true });
    expect((await passwordOnly.get("/api/admin/overview")).status).toBe(401);
    expect(await current(passwordOnly)).toBeNull();
  });

  it("the back office checks the session's own second factor and its 12 hours, not the account's", async () => {
    const admin = await person(suite, { admin: true });
    expect((await admin.client.get("/api/admin/overview")).status).toBe(200);
    const sessionId = (await current(admin.client)).session.id as string;

    await db().update(sessionTable).set({ secondFactor: null, secondFactorAt: null }).where(eq(sessionTable.id, sessionId));
    const passwordOnly = await admin.client.get("/api/admin/overview");
    expect(passwordOnly.status).toBe(403);
    expect((await passwordOnly.json()).error).toMatchObject({ code: "SECOND_FACTOR_REQUIRED", message: MESSAGES.secondFactorSessionRequired });
    expect((await current(admin.client)).session).toMatchObject({ secondFactor: null, backOffice: false });

    await db().update(sessionTable).set({ secondFactor: "trusted_device", secondFactorAt: new Date() }).where(eq(sessionTable.id, sessionId));
    expect((await admin.client.get("/api/admin/overview")).status).toBe(403);
    const thirteenHoursAgo = new Date(Date.now() - 13 * 60 * 60_000);
    await db().update(sessionTable).set({ secondFactor: "totp", secondFactorAt: thirteenHoursAgo }).where(eq(sessionTable.id, sessionId));
    expect((await admin.client.get("/api/admin/overview")).status).toBe(403);
  });

  it("turning two-factor off ends every other session", async () => {
    const user = await person(suite);
    const { secret, backupCodes } = await enrolWithBackupCodes(user);
    const other = suite.server.client();
    await signIn(other, user.email);
    expect((await other.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(secret) })).status).toBe(200);
    // Both steps' codes are spent: a backup code turns it off.
    const off = await user.client.post("/api/auth/two-factor/disable", { password: STRONG_PASSWORD, code: backupCodes[0] });
    expect(off.status).toBe(200);
    expect(await current(user.client)).toMatchObject({ user: { twoFactorEnabled: false }, session: { secondFactor: null } });
    expect(await current(other)).toBeNull();
    expect(await db().select().from(sessionTable).where(eq(sessionTable.userId, user.id))).toHaveLength(1);
  });
});

describe("wrong codes are counted per account", () => {
  it("ten wrong codes from many addresses and places lock every code, the right one too; the owner is told and the lock audited", async () => {
    const user = await person(suite, { twoFactor: true, funds: 100_000n });
    const wallet = await listWallet(db(), user.id);
    const attacker = (n: number) => fromAddress(user.client, `198.51.100.${n}`);
    const wrongs = [
      ...[1, 2, 3, 4].map((n) => () => attacker(n).post("/api/payouts", { amountCents: 2_000, walletAddress: wallet, twoFactorCode: "000000" })),
      ...[5, 6, 7].map((n) => () => attacker(n).post("/api/auth/two-factor/generate-backup-codes", { password: STRONG_PASSWORD, code: "000000" })),
      ...[8, 9, 10].map((n) => () => attacker(n).post("/api/auth/two-factor/verify-totp", { code: "000000" })),
    ];
    const statuses = [];
    for (const attempt of wrongs) statuses.push((await attempt()).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 401, 401, 401]);

    const right = await nextTotpCode(user.totpSecret!);
    const locked = await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: wallet, twoFactorCode: right });
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toBe(MESSAGES.twoFactorLocked);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    // A sign-in's second step is locked too.
    const browser = suite.server.client("203.0.113.9");
    await signIn(browser, user.email);
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: right })).status).toBe(429);
    expect(await summary(user.client)).toMatchObject({ mainBalanceCents: 100_000 });

    await expect.poll(() => suite.server.mailer.find(user.email, /wrong two-factor codes/i).length).toBe(1);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "security.two_factor_locked")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, after: { wrongCodes: 10 } });

    // Once the 15 minutes are over (moved here in the database), the right code works and the count starts again.
    await db().update(twoFactor).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(twoFactor.userId, user.id));
    expect((await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: wallet, twoFactorCode: right })).status).toBe(201);
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row).toMatchObject({ failedVerificationCount: 0, lockedUntil: null });
  });

  it("codes sent at once are counted one after another: none is checked past the tenth wrong one, the right one included", async () => {
    const user = await person(suite, { twoFactor: true, funds: 100_000n });
    const other = await person(suite);
    const right = await nextTotpCode(user.totpSecret!);
    const codes = Array.from({ length: 40 }, (_, index) => (index === 25 ? right : String(100_000 + index)));
    const answers = await Promise.all(
      codes.map((twoFactorCode, index) => fromAddress(user.client, `198.51.100.${index + 20}`).post("/api/transfers", { toEmail: other.email, amountCents: 100, twoFactorCode })),
    );
    const statuses = answers.map((answer) => answer.status);
    // Whatever the order they reached the server in: at most ten codes were checked and counted.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(29);
    const sent = statuses.filter((status) => status === 201).length;
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    // Either the right code came among the first ten and moved $1 (the lock may still follow), or the lock came first and nothing moved.
    expect(sent).toBeLessThanOrEqual(1);
    expect(await summary(user.client)).toMatchObject({ mainBalanceCents: 100_000 - 100 * sent });
    if (sent === 0) expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await db().select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "security.two_factor_locked")))).toHaveLength(1);
  });

  it("wrong codes at sign-in count across challenges, whatever the address", async () => {
    const user = await person(suite, { twoFactor: true });
    for (let n = 0; n < 10; n++) {
      const browser = suite.server.client(`192.0.2.${n + 1}`);
      await signIn(browser, user.email);
      expect((await browser.post("/api/auth/two-factor/verify-totp", { code: "000000" })).status).toBe(401);
    }
    const browser = suite.server.client();
    await signIn(browser, user.email);
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(user.totpSecret!) })).status).toBe(429);
    expect(await current(browser)).toBeNull();
  });
});

describe("trusted browsers", () => {
  /** Signs in with the code and "trust this device"; the browser's trust record. */
  async function trust(user: Person, browser: HttpClient, at = new Date()) {
    await signIn(browser, user.email);
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: await nextTotpCode(user.totpSecret!, at), trustDevice: true })).status).toBe(200);
    return db().select().from(verification).where(and(eq(verification.value, user.id), like(verification.identifier, "trust-device-%")));
  }

  it("are forgotten after a password reset: the new password alone does not sign in", async () => {
    const user = await person(suite, { twoFactor: true });
    const browser = suite.server.client();
    expect(await trust(user, browser)).toHaveLength(1);
    await browser.post("/api/auth/sign-out");
    expect(await (await signIn(browser, user.email)).json()).not.toHaveProperty("twoFactorRedirect");

    expect((await suite.server.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/reset-password" })).status).toBe(200);
    await expect.poll(() => suite.server.mailer.find(user.email, /reset/i).length).toBe(1);
    const link = suite.server.mailer.find(user.email, /reset/i)[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const token = new URL(link).pathname.split("/").pop();
    expect((await suite.server.client().post("/api/auth/reset-password", { token, newPassword: "Reset-Ledger-5353" })).status).toBe(200);

    expect(await (await signIn(browser, user.email, "Reset-Ledger-5353")).json()).toMatchObject({ twoFactorRedirect: true });
    expect(await db().select().from(verification).where(and(eq(verification.value, user.id), like(verification.identifier, "trust-device-%")))).toEqual([]);
  });

  it("are never trusted for an admin, and a user's trusted browser is forgotten when the role is granted", async () => {
    const admin = await person(suite, { admin: true });
    const browser = suite.server.client();
    expect(await trust(admin, browser)).toEqual([]);
    await browser.post("/api/auth/sign-out");
    expect(await (await signIn(browser, admin.email)).json()).toMatchObject({ twoFactorRedirect: true });

    const user = await person(suite, { twoFactor: true });
    const trusted = suite.server.client();
    expect(await trust(user, trusted)).toHaveLength(1);
    await grantAdmin(db(), user.email);
    await trusted.post("/api/auth/sign-out");
    expect(await (await signIn(trusted, user.email)).json()).toMatchObject({ twoFactorRedirect: true });
  });

  it("an admin's browser trusted before the rule still asks for the code", async () => {
    const admin = await person(suite, { admin: true });
    await db().update(sessionTable).set({ secondFactor: null }).where(eq(sessionTable.userId, admin.id));
    // A record as the plugin writes one, made while the account was not yet an admin.
    await db().execute(sql`update "user" set role = 'user' where id = ${admin.id}`);
    const browser = suite.server.client();
    expect(await trust(admin, browser)).toHaveLength(1);
    await db().execute(sql`update "user" set role = 'admin' where id = ${admin.id}`);
    await browser.post("/api/auth/sign-out");
    expect(await (await signIn(browser, admin.email)).json()).toMatchObject({ twoFactorRedirect: true });
    expect(await db().select().from(verification).where(and(eq(verification.value, admin.id), like(verification.identifier, "trust-device-%")))).toEqual([]);
  });

  it("stay trusted 30 days from the code that trusted them, not from each sign-in", async () => {
    const user = await person(suite, { twoFactor: true });
    const browser = suite.server.client();
    const [first] = await trust(user, browser);
    // As if 29 days had passed: one day of trust is left.
    const oneDayLeft = new Date(Date.now() + 24 * 60 * 60_000);
    await db().update(verification).set({ expiresAt: oneDayLeft }).where(eq(verification.id, first!.id));
    await browser.post("/api/auth/sign-out");
    expect(await (await signIn(browser, user.email)).json()).not.toHaveProperty("twoFactorRedirect");
    expect((await current(browser)).session).toMatchObject({ secondFactor: "trusted_device", backOffice: false });
    const records = await db().select().from(verification).where(and(eq(verification.value, user.id), like(verification.identifier, "trust-device-%")));
    expect(records).toHaveLength(1);
    expect(records[0]!.identifier).not.toBe(first!.identifier);
    expect(Math.abs(records[0]!.expiresAt.getTime() - oneDayLeft.getTime())).toBeLessThan(1000);
  });
});
