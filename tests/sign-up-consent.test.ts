import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { serverSuite } from "./helpers/suite.js";
import { CONSENT, STRONG_PASSWORD, uniqueEmail } from "./helpers/test-server.js";

const suite = serverSuite();

const consentOf = async (email: string) => {
  const [row] = await suite.database.handle.db
    .select({ consentedAt: user.consentedAt, termsVersion: user.termsVersion, riskVersion: user.riskVersion })
    .from(user)
    .where(eq(user.email, email));
  return row;
};

const signUpWith = (body: Record<string, unknown>) =>
  suite.server.client().post("/api/auth/sign-up/email", { name: "Ada Obi", email: uniqueEmail(), password: STRONG_PASSWORD, ...body });

describe("consent at sign-up", () => {
  it.each([
    ["neither box", {}, { acceptTerms: MESSAGES.termsRequired, acceptRisk: MESSAGES.riskRequired }],
    ["only the terms", { acceptTerms: true }, { acceptRisk: MESSAGES.riskRequired }],
    ["only the risk disclosure", { acceptRisk: true }, { acceptTerms: MESSAGES.termsRequired }],
    ["a string instead of true", { acceptTerms: "true", acceptRisk: "yes" }, { acceptTerms: MESSAGES.termsRequired, acceptRisk: MESSAGES.riskRequired }],
  ])("is required: %s is refused, each missing box named, and no account made", async (_label, consent, fields) => {
    const email = uniqueEmail("no-consent");
    const response = await suite.server.client().post("/api/auth/sign-up/email", { name: "Ada Obi", email, password: STRONG_PASSWORD, ...consent });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "CONSENT_REQUIRED", fields });
    expect(await consentOf(email)).toBeUndefined();
  });

  it("is stored with its time and the versions of the terms and risk disclosure published then", async () => {
    const email = uniqueEmail("consent");
    const before = Date.now();
    const response = await suite.server.client().post("/api/auth/sign-up/email", { name: "Ada Obi", email, password: STRONG_PASSWORD, ...CONSENT });
    expect(response.status).toBe(200);
    const stored = await consentOf(email);
    // content/legal/terms.md and risk.md as shipped: "version: 1".
    expect(stored).toMatchObject({ termsVersion: "1", riskVersion: "1" });
    expect(stored?.consentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.consentedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("cannot be written by the client", async () => {
    for (const forged of [{ termsVersion: "0" }, { riskVersion: "0" }, { consentedAt: "2020-01-01T00:00:00Z" }]) {
      expect((await signUpWith({ ...CONSENT, ...forged })).status).toBe(400);
    }
  });
});

describe("a refused sign-up names the field", () => {
  it("a weak password under the password, a bad e-mail under the e-mail, a bad name under the name", async () => {
    const weak = await signUpWith({ ...CONSENT, password: "password123" });
    expect(await weak.json()).toMatchObject({ code: "WEAK_PASSWORD", fields: { password: MESSAGES.passwordTooCommon } });
    const email = await signUpWith({ ...CONSENT, email: "not-an-email" });
    expect(await email.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { email: MESSAGES.invalidEmail } });
    const name = await signUpWith({ ...CONSENT, name: "x".repeat(101) });
    expect((await name.json()).fields).toHaveProperty("name");
  });
});

describe("the link mailed at sign-up", () => {
  it("signs the new user in, so they never log in by hand", async () => {
    const email = uniqueEmail("link");
    const client = suite.server.client();
    expect((await client.post("/api/auth/sign-up/email", { name: "Ada Obi", email, password: STRONG_PASSWORD, ...CONSENT, callbackURL: "/dashboard?verified=1" })).status).toBe(200);
    expect(await (await client.get("/api/session")).json()).toBeNull();

    await expect.poll(() => suite.server.mailer.find(email, /confirm your e-mail/i).length).toBe(1);
    const link = new URL(suite.server.mailer.find(email, /confirm your e-mail/i)[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    const followed = await client.get(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/dashboard?verified=1");
    const session = await (await client.get("/api/session")).json();
    expect(session.user).toMatchObject({ email, emailVerified: true });
  });
});
