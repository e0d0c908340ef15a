import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/schemas/auth.js";
import { HttpClient } from "./helpers/http-client.js";
import { enrolTwoFactor, person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, STRONG_PASSWORD } from "./helpers/test-server.js";
import { secretFromUri, totpCode } from "./helpers/totp.js";

const suite = serverSuite();
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();
const session = async (client: HttpClient) => (await client.get("/api/auth/get-session")).json();

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
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(user.totpSecret!) })).status).toBe(200);
    expect((await session(client)).user.email).toBe(user.email);
  });

  it("skips the code for 30 days on a device the user chose to trust", async () => {
    const user = await person(suite, { twoFactor: true });
    const client = suite.server.client();
    await signIn(client, user.email);
    await client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(user.totpSecret!), trustDevice: true });
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

  it("is turned off only with the password", async () => {
    const user = await person(suite, { twoFactor: true });
    expect((await user.client.post("/api/auth/two-factor/disable", { password: "Wrong-Password-11" })).status).toBe(400);
    expect((await session(user.client)).user.twoFactorEnabled).toBe(true);
    expect((await user.client.post("/api/auth/two-factor/disable", { password: STRONG_PASSWORD })).status).toBe(200);
    expect((await session(user.client)).user.twoFactorEnabled).toBe(false);
    expect(await (await signIn(suite.server.client(), user.email)).json()).not.toHaveProperty("twoFactorRedirect");
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

describe("changes to two-factor", () => {
  it("are e-mailed to the owner: turned on, new backup codes, turned off; a sign-in with a code is not a change", async () => {
    const user = await person(suite, { twoFactor: true });
    const mails = (subject: RegExp) => suite.server.mailer.find(user.email, subject).length;
    await expect.poll(() => mails(/two-factor authentication is on/i)).toBe(1);

    const client = suite.server.client();
    await signIn(client, user.email);
    await client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(user.totpSecret!) });
    expect((await user.client.post("/api/auth/two-factor/generate-backup-codes", { password: STRONG_PASSWORD })).status).toBe(200);
    await expect.poll(() => mails(/new backup codes/i)).toBe(1);
    await user.client.post("/api/auth/two-factor/disable", { password: STRONG_PASSWORD });
    await expect.poll(() => mails(/two-factor authentication is off/i)).toBe(1);
    expect(mails(/two-factor authentication is on/i)).toBe(1);
  });
});

describe("payouts with two-factor on", () => {
  it("need a current code, and a code approves one payout only", async () => {
    const user = await person(suite, { twoFactor: true, funds: 100_000n });
    const payout = (body: Record<string, unknown>) => user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: WALLET, ...body });

    const missing = await payout({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeRequired });
    const wrong = await payout({ twoFactorCode: "123456" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeInvalid });
    expect((await summary(user.client)).mainBalanceCents).toBe(100_000);

    const code = await totpCode(user.totpSecret!);
    expect((await payout({ twoFactorCode: code })).status).toBe(201);
    const replayed = await payout({ twoFactorCode: code });
    expect(replayed.status).toBe(400);
    expect((await summary(user.client)).mainBalanceCents).toBe(98_000);
  });

  it("stop taking codes after five wrong ones", async () => {
    const user = await person(suite, { twoFactor: true, funds: 100_000n });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: WALLET, twoFactorCode: "000000" })).status).toBe(400);
    }
    const locked = await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: WALLET, twoFactorCode: await totpCode(user.totpSecret!) });
    expect(locked.status).toBe(429);
    expect((await summary(user.client)).mainBalanceCents).toBe(100_000);
  });

  it("need no code from a user without two-factor", async () => {
    const user = await person(suite, { funds: 10_000n });
    expect((await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: WALLET })).status).toBe(201);
  });
});
