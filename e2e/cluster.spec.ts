import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { hasNginx, NGINX, NGINX_OPT_OUT, renderNginx } from "../tests/helpers/nginx.js";
import { createDatabase, newOperator, postgresAnswers, startProcess, startSmtp, stopProcess, waitUntilReady, type CapturedMail } from "./cluster-helpers.js";
import { approveIdentity, claimCryptoDeposit, confirmLinkIn, listWallet } from "./fixtures.js";

/**
 * Two app servers from the production build (dist/server/main.js) on one PostgreSQL database behind
 * nginx (deploy/nginx.conf as shipped, TLS and all), round-robin with no stickiness, and a whole
 * journey through the proxy. They run with NODE_ENV=test, not production: the journey moves their
 * clocks (POST /dev/clock exists only under test), so what production mode alone turns on (HSTS,
 * secure-prefixed cookies, the unwritten-page report) is not exercised here.
 * Its own ports beside the main e2e server's (E2E_PORT): +1 and +2 the app servers, +3 nginx (https),
 * +4 nginx (http), +5 the SMTP server that captures every e-mail.
 */
const BASE_PORT = Number(process.env.E2E_PORT) || 3100;
const APP_PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const HTTPS_PORT = BASE_PORT + 3;
const SMTP_PORT = BASE_PORT + 5;
const PUBLIC_URL = `https://localhost:${HTTPS_PORT}`;
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PASSWORD = "Sturdy-Ledger-4821";
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

let cleanups: Array<() => Promise<void> | void> = [];
let databaseUrl = "";
let mail: Awaited<ReturnType<typeof startSmtp>>;
const logs: string[][] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Like tests/deploy.test.ts: without nginx or PostgreSQL this fails, naming what is missing;
  // only an explicit TERMVEST_SKIP_NGINX=1 outside CI leaves it out, and says so.
  const missing = !hasNginx ? `${NGINX} is not installed` : !(await postgresAnswers(ADMIN_DATABASE_URL)) ? `no PostgreSQL answers at ${ADMIN_DATABASE_URL}` : undefined;
  const optedOut = process.env[NGINX_OPT_OUT] === "1" && !process.env.CI;
  if (missing && !optedOut) throw new Error(`The cluster test needs nginx and PostgreSQL: ${missing}. Install them, or set ${NGINX_OPT_OUT}=1 to leave it out.`);
  test.skip(Boolean(missing), `${missing} (${NGINX_OPT_OUT}=1)`);
  test.setTimeout(180_000);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "termvest-cluster-"));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const database = await createDatabase(ADMIN_DATABASE_URL, `termvest_cluster_${randomBytes(5).toString("hex")}`);
  cleanups.push(() => database.drop());
  databaseUrl = database.url;
  mail = await startSmtp(SMTP_PORT);
  cleanups.push(() => mail.close());

  // Both servers share the database, AUTH_SECRET (a session made on one is good on the other) and
  // KYC_ENCRYPTION_KEY (an identity file stored by one opens on the other), and nothing else: each
  // has its own data directory.
  const authSecret = randomBytes(32).toString("base64url");
  const kycKey = randomBytes(32).toString("hex");
  for (const [index, port] of APP_PORTS.entries()) {
    const server = startProcess("node", ["dist/server/main.js"], {
      NODE_ENV: "test", // for POST /dev/clock (the journey moves time), so not production mode
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmp, `app-${index + 1}`),
      AUTH_SECRET: authSecret,
      KYC_ENCRYPTION_KEY: kycKey,
      TRUST_PROXY: "1",
      RATE_LIMIT: "off",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      DEV_MAIL: "off",
      LOG_LEVEL: "info",
      // Usable once confirmed; the delay itself is tested in vitest with a moved clock.
      WITHDRAWAL_ADDRESS_DELAY_HOURS: "0",
    });
    logs.push(server.output);
    cleanups.push(() => stopProcess(server.child));
  }
  await Promise.all(APP_PORTS.map((port) => waitUntilReady(`http://127.0.0.1:${port}/readyz`)));

  const prefix = path.join(tmp, "nginx");
  const conf = renderNginx({ prefix, upstreamPorts: APP_PORTS, httpsPort: HTTPS_PORT, httpPort: BASE_PORT + 4 });
  const nginx = startProcess(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], {});
  cleanups.push(() => stopProcess(nginx.child));
  await expect.poll(() => fetch(`http://127.0.0.1:${BASE_PORT + 4}/`, { redirect: "manual" }).then((r) => r.status, () => 0), { timeout: 15_000 }).toBe(301);
});

test.afterAll(async () => {
  for (const step of cleanups.reverse()) await step();
  cleanups = [];
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const [index, output] of logs.entries()) console.log(`--- app server ${index + 1} ---\n${output.join("").slice(-4000)}`);
  }
});

const origin = { Origin: PUBLIC_URL };

async function visit(page: Page, where: string) {
  await page.goto(where);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

function card(page: Page, label: string) {
  return page.getByRole("list", { name: "Balances" }).getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });
}

/** The newest captured message to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<CapturedMail> {
  await expect.poll(() => mail.messages.filter((m) => m.to === to && subject.test(m.subject)).length, { timeout: 30_000, message: `no mail to ${to} matching ${subject}` }).toBeGreaterThan(0);
  return mail.messages.filter((m) => m.to === to && subject.test(m.subject)).at(-1)!;
}

const verificationLinkIn = (message: CapturedMail) => message.text.match(/https:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0] ?? "";

/** An operator: signed up and verified through the proxy, made admin by the CLI, enrolled in two-factor. */
const newAdmin = (request: APIRequestContext, email: string) =>
  newOperator(request, {
    origin: PUBLIC_URL,
    email,
    password: PASSWORD,
    verificationLink: async (to) => verificationLinkIn(await mailTo(to, /confirm your e-mail/i)),
    cliEnv: { DATABASE_URL: databaseUrl },
  });

/** Every outgoing_mail row as (recipient, subject), with how many are not sent yet. */
async function queuedMail(): Promise<{ sent: string[]; unsent: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ to: string; subject: string; status: string }>(`select "to", subject, status from outgoing_mail`);
    return { sent: rows.filter((row) => row.status === "sent").map((row) => `${row.to} | ${row.subject}`).sort(), unsent: rows.filter((row) => row.status !== "sent").length };
  } finally {
    await client.end();
  }
}

test("sign-up to payout through nginx over two built app servers (NODE_ENV=test); every e-mail arrives once", async ({ browser }) => {
  test.setTimeout(300_000);
  const newContext = () => browser.newContext({ baseURL: PUBLIC_URL, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
  const page = await (await newContext()).newPage();
  const stamp = Date.now().toString(36);
  const email = `saver-${stamp}@example.com`;

  // Sign up in the browser; the verification link comes by e-mail, through the real SMTP path.
  await visit(page, "/signup");
  await page.getByLabel("Full name").fill("Amaka Nwosu");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  await page.getByRole("checkbox", { name: /I have read the Risk Disclosure/ }).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${PUBLIC_URL}/check-email`);
  // The link signs in the browser that signed up (through either server) and opens the dashboard.
  await page.goto(verificationLinkIn(await mailTo(email, /confirm your e-mail/i)));
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId("verify-email")).toHaveCount(0);

  // A crypto deposit of $1,000.00, confirmed by an operator in the back office.
  await visit(page, "/dashboard/transfer/crypto");
  const reference = await claimCryptoDeposit(page, "1000");

  const admin = await (await newContext()).newPage();
  const adminEmail = `operator-${stamp}@example.com`;
  await newAdmin(admin.request, adminEmail);
  // Money leaves only a verified account: the operator approves the investor's identity.
  await approveIdentity(page.request, admin.request, PUBLIC_URL);
  await visit(admin, "/dashboard/admin/deposits");
  const deposit = admin.getByTestId("admin-deposit").filter({ hasText: reference });
  await deposit.getByRole("button", { name: "Review" }).click();
  await deposit.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("admin-outcome")).toContainText(`Confirmed ${reference}: $1,000.00 credited`);

  // Invested in Standard (14 days, 10 %).
  await visit(page, "/dashboard/investment");
  const standard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Standard", exact: true }) });
  await standard.getByRole("button", { name: "Invest in Standard" }).click();
  const dialog = page.getByRole("dialog", { name: "Invest in Standard" });
  await dialog.getByLabel("Amount (USD)").fill("1000");
  await dialog.getByRole("button", { name: "Review" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("invest-outcome")).toContainText("You invested $1,000.00 in Standard.");

  // Fifteen days pass on both servers (each keeps its own test clock), straight on their ports,
  // once every queued e-mail is sent. A mail lease is business time (now + 5 minutes), and a moved
  // server sweeps the outbox at once: a message the other, not yet moved, server was sending
  // would look long due to it and go out twice. Production servers share one clock.
  await expect.poll(async () => (await queuedMail()).unsent, { timeout: 60_000 }).toBe(0);
  for (const port of APP_PORTS) {
    const moved = await fetch(`http://127.0.0.1:${port}/dev/clock`, { method: "POST", headers: { ...origin, "Content-Type": "application/json" }, body: JSON.stringify({ days: 15 }) });
    expect(moved.status, await moved.text()).toBe(200);
  }
  // Settlement may be done by either server: wait for its outcome, not for a time.
  await expect(async () => {
    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance")).toContainText("$1,100.00", { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(card(page, "Interest Balance")).toContainText("$100.00");

  // A payout of $120.50 to the investor's confirmed wallet, marked paid by the operator.
  const readLink = async (to: string) => confirmLinkIn((await mailTo(to, /confirm your new withdrawal address/i)).text);
  await listWallet(page.request, { address: WALLET, origin: PUBLIC_URL, readLink });
  await visit(page, "/dashboard/transaction");
  const form = page.getByRole("region", { name: "Transaction Details" });
  await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
  await form.getByLabel("Recipient (wallet address)", { exact: true }).selectOption(WALLET);
  await form.getByLabel("Amount", { exact: true }).fill("120.50");
  await form.getByRole("button", { name: "Confirm Transaction" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByTestId("transaction-outcome")).toContainText("Withdrawal requested: $120.50");

  await visit(admin, "/dashboard/admin/payouts");
  const row = admin.getByTestId("admin-payout").filter({ hasText: email });
  await row.getByRole("button", { name: "Review" }).click();
  await row.getByRole("button", { name: "Mark paid" }).click();
  await row.getByLabel("Transaction ID").fill(`tx${stamp}`);
  await row.getByRole("button", { name: "Mark paid" }).click();
  await expect(admin.getByTestId("admin-outcome")).toContainText("Marked paid: $120.50 to Amaka Nwosu");
  await expect(async () => {
    await visit(page, "/dashboard");
    await expect(card(page, "Total Payout")).toContainText("$120.50", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Every message queued is sent, and the SMTP server received each exactly once: the two
  // servers' deliverers never both sent one.
  await expect.poll(async () => (await queuedMail()).unsent, { timeout: 60_000 }).toBe(0);
  // The subject as queued; the site's name is added when it is sent (server/mail/brand.ts).
  const received = () => mail.messages.map((m) => `${m.to} | ${m.subject.replace(/ · Termvest$/, "")}`).sort();
  await expect.poll(async () => received().length, { timeout: 30_000 }).toBe((await queuedMail()).sent.length);
  // A moment more, for a duplicate that would come late.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(received()).toEqual((await queuedMail()).sent);
  expect(mail.messages.filter((m) => m.to === email).length).toBeGreaterThanOrEqual(4);

  // Round-robin: both servers answered the journey's requests.
  for (const output of logs) expect(output.join("")).toContain('"path":"/api/');
});

test("a plan's new rate, approved through one server by a second admin, shows on both servers' public pages within seconds", async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: PUBLIC_URL, ignoreHTTPSErrors: true });
  const second = await playwright.request.newContext({ baseURL: PUBLIC_URL, ignoreHTTPSErrors: true });
  try {
    await newAdmin(request, `planner-${Date.now().toString(36)}@example.com`);
    await newAdmin(second, `approver-${Date.now().toString(36)}@example.com`);
    const listed = await request.get("/api/admin/plans");
    expect(listed.status(), await listed.text()).toBe(200);
    const plans = ((await listed.json()) as { items: Array<{ id: string; rateBasisPoints: number } & Record<string, unknown>> }).items;
    const { id, ...terms } = plans.find((plan) => plan.id === "standard")!;
    const rateShown = (html: string) => html.match(/"id":"standard"[^}]*"rateBasisPoints":(\d+)/)?.[1];
    const pageOn = (port: number) => fetch(`http://127.0.0.1:${port}/plan`).then((response) => response.text());
    for (const port of APP_PORTS) expect(rateShown(await pageOn(port))).toBe(String(terms.rateBasisPoints));

    /** Asks for new terms as one admin and approves them as the other, each through nginx (either server may take either). */
    const change = async (data: object) => {
      const asked = await request.put(`/api/admin/plans/${id}`, { data, headers: origin });
      expect(asked.status(), await asked.text()).toBe(202);
      const { pendingApproval } = (await asked.json()) as { pendingApproval: { id: string } };
      const approved = await second.post(`/api/admin/approvals/${pendingApproval.id}/approve`, { data: {}, headers: origin });
      expect(approved.status(), await approved.text()).toBe(200);
    };
    await change({ ...terms, rateBasisPoints: 1250 });
    for (const port of APP_PORTS) {
      await expect.poll(async () => rateShown(await pageOn(port)), { timeout: 10_000, message: `the pages on :${port}` }).toBe("1250");
      expect(await pageOn(port)).toContain("12.5%");
    }
    await change(terms);
  } finally {
    await request.dispose();
    await second.dispose();
  }
});
