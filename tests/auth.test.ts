import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { user } from "../server/db/schema.js";
import { MESSAGES } from "../shared/schemas/auth.js";
import { signIn, signUp, STRONG_PASSWORD, uniqueEmail } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();

describe("sign-up", () => {
  it("creates an account that can sign in and read its session", async () => {
    const email = uniqueEmail();
    const client = suite.server.client();
    expect((await signUp(client, { name: "Ada Obi", email })).status).toBe(200);

    const fresh = suite.server.client();
    expect((await signIn(fresh, email)).status).toBe(200);
    const session = await (await fresh.get("/api/auth/get-session")).json();
    expect(session.user).toMatchObject({ name: "Ada Obi", email, role: "user" });
  });

  it("refuses an e-mail that is already registered", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const again = await signUp(suite.server.client(), { email: email.toUpperCase() });
    expect(again.status).toBe(422);
    expect((await again.json()).code).toMatch(/^USER_ALREADY_EXISTS/);
  });

  it.each([
    ["too short", "Ab1-xyz", MESSAGES.passwordTooShort],
    ["too long", "x".repeat(129), MESSAGES.passwordTooLong],
    ["common", "password123", MESSAGES.passwordTooCommon],
    ["common in another case", "Iloveyou1", MESSAGES.passwordTooCommon],
  ])("refuses a %s password and creates nothing", async (_label, password, message) => {
    const email = uniqueEmail();
    const response = await signUp(suite.server.client(), { email, password });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "WEAK_PASSWORD", message });
    const rows = await suite.database.handle.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(0);
  });

  it("refuses an invalid e-mail", async () => {
    const response = await signUp(suite.server.client(), { email: "not-an-email" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/email/i) });
  });
});

describe("sign-in", () => {
  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });

    const wrong = await signIn(suite.server.client(), email, "Not-The-Password-1");
    const unknown = await signIn(suite.server.client(), uniqueEmail("nobody"), "Not-The-Password-1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("takes similar time for an unknown e-mail and a wrong password", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const time = async (address: string) => {
      const started = performance.now();
      await signIn(suite.server.client(), address, "Not-The-Password-1");
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round++) {
      wrong.push(await time(email));
      unknown.push(await time(uniqueEmail("nobody")));
    }
    // Both paths run one password hash; without it an unknown e-mail answers many times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2);
  });

  it("gives a browser-session cookie without Remember Me and a lasting one with it", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });

    const shortLived = suite.server.client();
    await signIn(shortLived, email, STRONG_PASSWORD, false);
    expect(shortLived.sessionCookie()).toBeDefined();
    expect(shortLived.sessionCookie()?.maxAge).toBeUndefined();

    const remembered = suite.server.client();
    await signIn(remembered, email, STRONG_PASSWORD, true);
    expect(remembered.sessionCookie()?.maxAge).toBe(suite.server.config.session.idleSeconds);
  });

  it("ends the session on sign-out, on the server too", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const client = suite.server.client();
    await signIn(client, email);
    const token = client.sessionCookie()?.value;
    expect(await (await client.get("/api/auth/get-session")).json()).not.toBeNull();

    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await (await client.get("/api/auth/get-session")).json()).toBeNull();

    // Replaying the old cookie after sign-out must not work either.
    const replay = suite.server.client();
    replay.cookies.set("termvest.session_token", { value: token ?? "" });
    expect(await (await replay.get("/api/auth/get-session")).json()).toBeNull();
  });

  it("refuses a sign-in without the Origin header (CSRF)", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const response = await fetch(new URL("/api/auth/sign-in/email", suite.server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    });
    expect(response.status).toBe(403);
  });
});

describe("password reset", () => {
  it("mails a link that leads to the reset page and sets a new password", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const oldSession = suite.server.client();
    await signIn(oldSession, email);

    const client = suite.server.client();
    const request = await client.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(request.status).toBe(200);
    const [mail] = suite.server.mailer.to(email);
    expect(mail?.subject).toMatch(/reset/i);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();

    const followed = await client.get(new URL(link ?? "").pathname + new URL(link ?? "").search);
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("location") ?? "", suite.server.url);
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const weak = await client.post("/api/auth/reset-password", { token, newPassword: "password1" });
    expect(weak.status).toBe(400);

    const reset = await client.post("/api/auth/reset-password", { token, newPassword: "New-Sturdy-Ledger-77" });
    expect(reset.status).toBe(200);
    expect((await signIn(suite.server.client(), email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(suite.server.client(), email, "New-Sturdy-Ledger-77")).status).toBe(200);
    // Resetting signs out every existing session.
    expect(await (await oldSession.get("/api/auth/get-session")).json()).toBeNull();
    // A token works once.
    expect((await client.post("/api/auth/reset-password", { token, newPassword: "Another-Ledger-88" })).status).toBe(400);
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    const before = suite.server.mailer.sent.length;
    const known = uniqueEmail();
    await signUp(suite.server.client(), { email: known });
    const forKnown = await suite.server.client().post("/api/auth/request-password-reset", { email: known, redirectTo: "/reset-password" });
    const forUnknown = await suite.server.client().post("/api/auth/request-password-reset", { email: uniqueEmail("ghost"), redirectTo: "/reset-password" });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    expect(suite.server.mailer.sent.length).toBe(before + 1);
  });

  it("reports a failure only when the mail could not be sent", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    suite.server.mailer.failing = true;
    try {
      const response = await suite.server.client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: { code: "MAIL_SEND_FAILED", message: MESSAGES.resetFailed } });
    } finally {
      suite.server.mailer.failing = false;
    }
  });
});

describe("logs", () => {
  it("never contain passwords, reset tokens or cookies", async () => {
    const email = uniqueEmail();
    const secret = "Unloggable-Secret-931";
    const client = suite.server.client();
    await signUp(client, { email, password: secret });
    await signIn(client, email, secret);
    await client.get("/api/auth/get-session");
    await client.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    const link = suite.server.mailer.to(email)[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    await client.get(new URL(link).pathname + new URL(link).search);
    const token = new URL(link).pathname.split("/").pop() ?? "";
    const cookie = client.sessionCookie()?.value ?? "";

    const all = suite.server.logs.join("\n");
    expect(all).toContain("/api/auth/sign-in/email");
    expect(token.length).toBeGreaterThan(10);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie.split(".")[0]);
  });
});
