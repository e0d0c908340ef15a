import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "#server/paths.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { signIn, signUp, uniqueEmail } from "./helpers/test-server.js";

const suite = serverSuite({ RATE_LIMIT: "on" });
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** Every route that moves money out of or into an account, with a body it would otherwise accept. */
const MONEY_ROUTES: Array<[string, unknown]> = [
  // The reference's format is right; whose it is would be checked only past the verified-address guard.
  ["/api/deposits", { method: "bank", bank: "uba", amountCents: 5_000, reference: "TV-23456789" }],
  ["/api/payouts", { amountCents: 2_000, walletAddress: WALLET }],
  ["/api/transfers", { toEmail: "someone@example.com", amountCents: 1_000 }],
  ["/api/money-requests", { fromEmail: "someone@example.com", amountCents: 1_000 }],
  ["/api/money-requests/00000000-0000-0000-0000-000000000000/pay", {}],
];

const verificationLink = async (email: string) => {
  await expect.poll(() => suite.server.mailer.find(email, /confirm your e-mail/i).length).toBeGreaterThan(0);
  const mail = suite.server.mailer.find(email, /confirm your e-mail/i).at(-1);
  return new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
};

describe("an unverified address", () => {
  it.each(MONEY_ROUTES)("can look around but not move money: POST %s answers 403 EMAIL_NOT_VERIFIED", async (route, body) => {
    const user = await person(suite, { verified: false, funds: 100_000n });
    // Listed, so the refusal is surely the address's, not the wallet's.
    await listWallet(suite.database.handle.db, user.id, WALLET);
    expect((await user.client.get("/api/me/summary")).status).toBe(200);
    const response = await user.client.post(route, body);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({ code: "EMAIL_NOT_VERIFIED", message: MESSAGES.emailNotVerified(user.email) });
    expect((await (await user.client.get("/api/me/summary")).json()).mainBalanceCents).toBe(100_000);
  });

  it("is verified by the link mailed at sign-up, and money moves after", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const client = suite.server.client();
    await signIn(client, email);
    expect((await (await client.get("/api/session")).json()).user.emailVerified).toBe(false);

    const link = await verificationLink(email);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const followed = await client.get(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect((await (await client.get("/api/session")).json()).user.emailVerified).toBe(true);
    expect((await client.post("/api/deposits", await bankDepositBody(client, 5_000))).status).toBe(201);
  });

  it("can ask for the link again, three mails an hour in all; the owner is told when that is spent, a stranger is not", async () => {
    const email = uniqueEmail();
    await signUp(suite.server.client(), { email });
    const client = suite.server.client();
    await signIn(client, email);
    const resend = (from = client) => from.post("/api/auth/send-verification-email", { email, callbackURL: "/dashboard?verified=1" });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const capped = await resend();
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone else asking for the same address gets the usual answer, and nothing is sent.
    expect((await resend(suite.server.client())).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect.poll(() => suite.server.mailer.find(email, /confirm your e-mail/i).length).toBe(3);
  });
});

describe("accounts from before verification existed", () => {
  // Applies every migration to an empty PGlite twice over: seconds on an idle machine, more under load.
  it("count as verified once the migration runs", { timeout: 120_000 }, async () => {
    // Apply every migration before the one that brought verification, add an account, then the rest.
    const partial = mkdtempSync(path.join(os.tmpdir(), "termvest-migrations-"));
    try {
      cpSync(migrationsDir, partial, { recursive: true });
      const journalFile = path.join(partial, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
      const verification = journal.entries.findIndex((entry) => entry.tag === "0015_two_factor_and_outgoing_mail");
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, verification) }));

      const client = await PGlite.create();
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: partial });
      await db.execute(sql`insert into "user" (id, name, email) values ('old-1', 'Old Timer', 'old@example.com')`);
      await migrate(db, { migrationsFolder: migrationsDir });
      const rows = await db.execute<{ email_verified: boolean }>(sql`select email_verified from "user" where id = 'old-1'`);
      expect(rows.rows[0]?.email_verified).toBe(true);
      await client.close();
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });
});
