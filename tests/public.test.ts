import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { signIn, signUp, uniqueEmail, CONSENT } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite({ PUBLIC_STATS_MIN: "2" });

async function signedIn(email = uniqueEmail()) {
  await signUp(suite.server.client(), { email });
  const client = suite.server.client();
  await signIn(client, email);
  return client;
}

describe("GET /api/public/stats", () => {
  const stats = async () => (await suite.server.client().get("/api/public/stats")).json();

  it("withholds each count below PUBLIC_STATS_MIN (here 2), then counts investors live and leaves operators out", async () => {
    expect(await stats()).toEqual({ investors: null, investments: null, activePlans: 5 });
    await signUp(suite.server.client(), { email: uniqueEmail() });
    const adminEmail = uniqueEmail("admin");
    await signUp(suite.server.client(), { email: adminEmail });
    await grantAdmin(suite.database.handle.db, adminEmail);
    // One investor is below the minimum: not shown at all, rather than as "1 investor".
    expect(await stats()).toEqual({ investors: null, investments: null, activePlans: 5 });
    await signUp(suite.server.client(), { email: uniqueEmail() });
    expect(await stats()).toEqual({ investors: 2, investments: null, activePlans: 5 });
  });

  it("counts investments live once they reach the minimum", async () => {
    const email = uniqueEmail("investor");
    await signUp(suite.server.client(), { email });
    const client = suite.server.client();
    await signIn(client, email);
    const [owner] = await suite.database.handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await postJournal(suite.database.handle.db, {
      idempotencyKey: `stats-fund:${owner?.id}`,
      kind: "deposit",
      userId: owner?.id ?? null,
      postings: [
        { account: userAccount(owner?.id ?? "", "available"), amountCents: 200_000n },
        { account: platformAccount("deposits"), amountCents: -200_000n },
      ],
    });
    expect((await stats()).investments).toBeNull();
    expect((await client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    expect((await stats()).investments).toBeNull();
    expect((await client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    expect((await stats()).investments).toBe(2);
  });
});

describe("GET /api/public/recent-deposits", () => {
  it("lists nothing before any deposit is confirmed", async () => {
    const response = await suite.server.client().get("/api/public/recent-deposits");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe("referrals", () => {
  it("need a session", async () => {
    expect((await suite.server.client().get("/api/me/referral")).status).toBe(401);
  });

  it("give each account one stable code and a sign-up link", async () => {
    const client = await signedIn();
    const first = await (await client.get("/api/me/referral")).json();
    const second = await (await client.get("/api/me/referral")).json();
    expect(first.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
    expect(second).toEqual(first);
    expect(first.url).toBe(`${suite.server.url}/signup?ref=${first.code}`);
  });

  it("record who referred a sign-up, and ignore an unknown or malformed code", async () => {
    const referrerEmail = uniqueEmail("referrer");
    const referrer = await signedIn(referrerEmail);
    const { code } = await (await referrer.get("/api/me/referral")).json();
    const [owner] = await suite.database.handle.db.select({ id: user.id }).from(user).where(eq(user.email, referrerEmail));

    const referred = uniqueEmail("referred");
    expect((await suite.server.client().post("/api/auth/sign-up/email", { name: "Friend", email: referred, password: "Sturdy-Ledger-4821", ...CONSENT, ref: code.toLowerCase() })).status).toBe(200);
    const unknown = uniqueEmail("unknown-ref");
    expect((await suite.server.client().post("/api/auth/sign-up/email", { name: "Stranger", email: unknown, password: "Sturdy-Ledger-4821", ...CONSENT, ref: "ZZZZZZZZ" })).status).toBe(200);
    const malformed = uniqueEmail("bad-ref");
    expect((await suite.server.client().post("/api/auth/sign-up/email", { name: "Odd", email: malformed, password: "Sturdy-Ledger-4821", ...CONSENT, ref: { $ne: null } })).status).toBe(200);

    const rows = await suite.database.handle.db.select({ email: user.email, referredBy: user.referredBy }).from(user);
    const byEmail = new Map(rows.map((row) => [row.email, row.referredBy]));
    expect(byEmail.get(referred)).toBe(owner?.id);
    expect(byEmail.get(unknown)).toBeNull();
    expect(byEmail.get(malformed)).toBeNull();
  });

  it("cannot be set directly at sign-up", async () => {
    const response = await suite.server.client().post("/api/auth/sign-up/email", { name: "X", email: uniqueEmail(), password: "Sturdy-Ledger-4821", ...CONSENT, referredBy: "someone" });
    expect(response.status).toBe(400);
  });
});

describe("content, sitemap and robots", () => {
  it("serves the legal pages and the blog as JSON for in-app navigation", async () => {
    const risk = await (await suite.server.client().get("/api/content?path=/risk")).json();
    expect(risk).toMatchObject({ kind: "legal", path: "/risk", title: "Risk Disclosure" });
    expect(risk.html).toContain("<strong>Investing involves risk.");
    // Outside production the texts shipped with the software are shown, marked as examples.
    expect(risk).toMatchObject({ version: "1", updated: "2026-11-24", example: true });
    expect(await (await suite.server.client().get("/api/content?path=/how-returns-work")).json()).toMatchObject({ kind: "legal", example: true });
    const blog = await (await suite.server.client().get("/api/content?path=/blog")).json();
    expect(blog.kind).toBe("blog-index");
    expect((await suite.server.client().get("/api/content?path=/nope")).status).toBe(404);
  });

  it("publishes a sitemap of the public pages and a robots file that points to it", async () => {
    const robots = await (await suite.server.client().get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${suite.server.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /dashboard");
    const sitemap = await (await suite.server.client().get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${suite.server.url}/risk</loc>`);
    expect(sitemap).not.toContain("/login");
    expect(sitemap).not.toContain("/check-email");
    expect(sitemap).toContain(`<loc>${suite.server.url}/how-returns-work</loc>`);
  });
});
