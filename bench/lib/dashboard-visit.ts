/**
 * A new investor's first look at the dashboard, for measuring what it loads: signs up in the
 * browser's own context (the verification link signs in only the browser that signed up), reads
 * the verification mail from the server's outbox (no SMTP in the benchmark) and answers the link,
 * which signs the investor in and lands on /dashboard.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";

const MAIL_WAIT_MS = 30_000;

async function verificationLink(outbox: string, email: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  while (Date.now() < deadline) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      const text = await readFile(path.join(outbox, name), "utf8");
      if (!text.includes(email)) continue;
      const link = /https?:\/\/[^\s"<>\\]+verify-email[^\s"<>\\]+/.exec(text)?.[0];
      if (link) return link.replace(/&amp;/g, "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification mail for ${email} in ${outbox} within ${MAIL_WAIT_MS / 1000} s`);
}

/** Signs a new investor up in `context`; returns the link whose visit signs them in and opens the dashboard. */
export async function newInvestorDashboard(context: BrowserContext, baseUrl: string, dataDir: string): Promise<string> {
  const email = `bench-web-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Sturdy-Web-${randomBytes(6).toString("hex")}`;
  const response = await context.request.post(new URL("/api/auth/sign-up/email", baseUrl).href, {
    headers: { Origin: baseUrl },
    data: { name: "Bench Investor", email, password, acceptTerms: true, acceptRisk: true, callbackURL: "/dashboard?verified=1" },
  });
  if (!response.ok()) throw new Error(`sign-up failed: HTTP ${response.status()} ${await response.text()}`);
  return verificationLink(path.join(dataDir, "outbox"), email);
}
