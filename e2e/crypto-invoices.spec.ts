import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startBitcoinStubs, type BitcoinStubs } from "../tests/helpers/bitcoin-stubs.js";
import { TestChain } from "../tests/helpers/esplora-server.js";
import { freshWallet } from "../tests/helpers/wallets.js";
import { newOperator, startProcess, stopProcess, waitUntilReady } from "./cluster-helpers.js";
import { approveIdentity, expectFits, expectNoSeriousAxe, listWallet, overflow } from "./fixtures.js";

/**
 * Automatic crypto deposits in the browser: an app server of its own (the
 * production build, embedded database, NODE_ENV=test for POST /dev/clock) watching two
 * Esplora-compatible servers and asking two rate servers, all run by this test, which pays and
 * mines on the chain while the investor's page is open. Its port is E2E_PORT + 6 (cluster.spec.ts
 * uses +1 to +5).
 */
const PORT = (Number(process.env.E2E_PORT) || 3100) + 6;
const PUBLIC_URL = `http://localhost:${PORT}`;
const PASSWORD = "Sturdy-Ledger-4821";
const origin = { Origin: PUBLIC_URL };

let chain: TestChain;
let stubs: BitcoinStubs;
let cleanups: Array<() => Promise<void> | void> = [];
let dataDir = "";
let output: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  chain = new TestChain(850_000);
  stubs = await startBitcoinStubs(chain, "65000.00");
  cleanups.push(() => stubs.close());
  const tmp = mkdtempSync(path.join(os.tmpdir(), "termvest-invoices-"));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  dataDir = path.join(tmp, "data");
  const server = startProcess("node", ["dist/server/main.js"], {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(PORT),
    PUBLIC_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    DEV_MAIL: "on",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    // Usable once confirmed; the delay itself is tested in vitest with a moved clock.
    WITHDRAWAL_ADDRESS_DELAY_HOURS: "0",
    ...stubs.env,
    BITCOIN_CONFIRMATIONS: "1",
    BITCOIN_INVOICE_MINUTES: "15",
    // The watcher runs every second, so the page follows the chain the test moves within moments.
    BITCOIN_POLL_SECONDS: "1",
  });
  output = server.output;
  cleanups.push(() => stopProcess(server.child));
  await waitUntilReady(`http://127.0.0.1:${PORT}/readyz`);
});

test.afterAll(async () => {
  for (const step of cleanups.reverse()) await step();
  cleanups = [];
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`--- app server ---\n${output.join("").slice(-4000)}`);
});

const verificationLink = async (request: APIRequestContext, email: string) => {
  let link = "";
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mail/messages.json?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
      link = messages[0]?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
};

/** A signed-in page at `width` on this test's server: an investor, or with `operator`, an admin with two-factor on. */
async function signedIn(browser: Browser, width: number, operator = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: PUBLIC_URL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const email = `${operator ? "operator" : "saver"}-${randomBytes(4).toString("hex")}@example.com`;
  if (operator) {
    await newOperator(page.request, { origin: PUBLIC_URL, email, password: PASSWORD, verificationLink: (to) => verificationLink(page.request, to), cliEnv: { DATA_DIR: dataDir } });
    return page;
  }
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { name: "Amaka Nwosu", email, password: PASSWORD, acceptTerms: true, acceptRisk: true }, headers: origin });
  expect(signUp.status(), await signUp.text()).toBe(200);
  expect((await page.request.get(await verificationLink(page.request, email), { maxRedirects: 0 })).status()).toBe(302);
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD, rememberMe: true }, headers: origin });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return page;
}

async function visit(page: Page, where: string) {
  await page.goto(where);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** An invoice made through the API, for the operator's part. */
async function invoiceFor(page: Page, amountCents: number): Promise<{ id: string; reference: string; address: string }> {
  const made = await page.request.post("/api/deposits", { data: { method: "crypto", coin: "BTC", amountCents }, headers: { ...origin, "Idempotency-Key": randomBytes(16).toString("hex") } });
  expect(made.status(), await made.text()).toBe(201);
  return made.json();
}

const statusOf = async (page: Page, id: string) => (await (await page.request.get(`/api/deposits/${id}`)).json()) as { status: string; exception: string | null };

// On a phone; the invoice and its outcome also fit 1280 px and pass axe there.
test("an invoice: the amount in bitcoin, a countdown, then seen, confirmed and credited as the chain moves", async ({ browser }) => {
  const page = await signedIn(browser, 375);
  await visit(page, "/dashboard/transfer/crypto");
  await page.getByLabel("Amount").fill("650");
  await page.getByLabel("Select Coin").selectOption("BTC");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/dashboard\/transfer\/crypto\/[^/]+$/);
  await expect(page.getByTestId("invoice-btc")).toHaveText("0.01000000");
  await expect(page.getByTestId("invoice-rate")).toHaveText("$65,000.00");
  await expect(page.getByTestId("invoice-countdown")).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByRole("img", { name: /QR code/i })).toBeVisible();
  await expectFits(page, 1280, "the invoice");
  await expectFits(page, 375, "the invoice");

  const address = (await page.getByTestId("invoice-address").textContent())!.trim();
  chain.pay(address, 1_000_000);
  await expect(page.getByTestId("invoice-status")).toContainText("Payment seen: 0 of 1 confirmation", { timeout: 20_000 });
  chain.mine(1);
  await expect(page.getByTestId("invoice-status")).toContainText("Credited to your Main Balance", { timeout: 20_000 });
  await expect(page.getByTestId("invoice-status")).toContainText("$650.00 was credited for the 0.01000000 BTC you sent.");
  await expectFits(page, 1280, "the credited invoice");
  await expectFits(page, 375, "the credited invoice");
  await page.context().close();
});

test("a withdrawal in bitcoin terms: an estimate on the review, the rate fixed on approval, the bitcoin sent on the investor's list", async ({ browser }) => {
  stubs.setPrice("65000.00");
  const investor = await signedIn(browser, 375);
  // The rate service keeps a rate 60 s of the server's clock: the prices above are asked afresh.
  await investor.request.post("/dev/clock", { data: { days: 2 / 1440 }, headers: origin });
  const funding = await invoiceFor(investor, 65_000);
  chain.pay(funding.address, 1_000_000);
  chain.mine(1);
  await expect.poll(async () => (await statusOf(investor, funding.id)).status, { timeout: 20_000 }).toBe("settled");
  // Money leaves only a verified account: the operator approves the investor's identity first.
  const operator = await signedIn(browser, 1280, true);
  await approveIdentity(investor.request, operator.request, PUBLIC_URL);

  const wallet = freshWallet();
  await listWallet(investor.request, { address: wallet, origin: PUBLIC_URL });
  await visit(investor, "/dashboard/transaction");
  const form = investor.getByRole("region", { name: "Transaction Details" });
  await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
  await form.getByLabel("Recipient (wallet address)", { exact: true }).selectOption(wallet);
  await form.getByLabel("Amount", { exact: true }).fill("100");
  await form.getByRole("button", { name: "Confirm Transaction" }).click();
  const review = investor.getByRole("dialog");
  // $100.00 at $65,000.00 a bitcoin: 153,846.15… satoshis, rounded up.
  await expect(review.getByTestId("payout-estimate")).toContainText("≈ 0.00153847 BTC at the current rate of $65,000.00 per bitcoin; the rate is fixed when our team approves the withdrawal.");
  await expect(review).toContainText("Within 24 hours of your request.");
  await expect(review).toContainText("We pay the bitcoin network fee, so the wallet receives the full BTC amount.");
  expect(await overflow(investor)).toBeLessThanOrEqual(0);
  await review.getByRole("button", { name: "Confirm and send" }).click();
  await expect(review).toHaveCount(0);

  await visit(operator, "/dashboard/admin/payouts");
  const row = operator.getByTestId("admin-payout").filter({ hasText: wallet });
  await expect(row).toContainText("0.00153847 BTC");
  await row.getByRole("button", { name: "Review" }).click();
  await expectNoSeriousAxe(operator, "a payout's approval in bitcoin terms");
  await row.getByRole("button", { name: "Approve and fix rate" }).click();
  await expect(operator.getByTestId("admin-outcome")).toContainText("Its rate is fixed: 0.00153847 BTC.");
  await row.getByRole("button", { name: "Review" }).click();
  const txId = randomBytes(32).toString("hex");
  await row.getByLabel("Transaction ID").fill(txId);
  await row.getByRole("button", { name: "Mark paid" }).click();
  await expect(operator.getByTestId("admin-outcome")).toContainText("Marked paid");

  await visit(investor, "/dashboard/transaction");
  const mine = investor.getByTestId("my-payout").filter({ hasText: wallet });
  await expect(mine.getByTestId("payout-bitcoin")).toContainText("0.00153847 BTC (at $65,000.00 per bitcoin)");
  await expect(mine).toContainText(txId);
  expect(await overflow(investor)).toBeLessThanOrEqual(0);
});

test("the operator credits a late payment at the current rate and marks another invoice invalid; the investor reads both", async ({ browser }) => {
  const investor = await signedIn(browser, 375);
  const late = await invoiceFor(investor, 65_000);
  const refused = await invoiceFor(investor, 20_000);
  // Both expire unpaid (16 minutes on the server's clock), then bitcoin arrives on both.
  const moved = await investor.request.post("/dev/clock", { data: { days: 16 / 1440 }, headers: origin });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect.poll(async () => (await statusOf(investor, late.id)).status, { timeout: 20_000 }).toBe("expired");
  const lateTxId = chain.pay(late.address, 900_000);
  chain.pay(refused.address, 100_000);
  chain.mine(1);
  for (const id of [late.id, refused.id]) await expect.poll(async () => (await statusOf(investor, id)).exception, { timeout: 20_000 }).toBe("paid_late");
  stubs.setPrice("70000.00");
  await investor.request.post("/dev/clock", { data: { days: 2 / 1440 }, headers: origin });

  const operator = await signedIn(browser, 1280, true);
  await visit(operator, "/dashboard/admin/deposits?status=expired&exception=paid_late");
  const row = operator.getByTestId("admin-deposit").filter({ hasText: late.reference });
  await expect(row).toContainText("Paid late");
  await expect(row).toContainText("0.00900000 of 0.01000000 BTC");
  await row.getByRole("button", { name: "Review" }).click();
  const decision = operator.getByTestId("invoice-decision");
  await expect(decision).toContainText(lateTxId);
  await expect(decision.getByRole("radio", { name: "At the locked rate: $585.00" })).toBeChecked();
  await expect(decision.getByRole("radio", { name: "At the current rate: $630.00" })).toBeEnabled();
  await expectNoSeriousAxe(operator, "an expired invoice's decision");
  await decision.getByRole("radio", { name: "At the current rate: $630.00" }).check();
  await decision.getByRole("button", { name: "Credit what arrived" }).click();
  await expect(operator.getByTestId("admin-outcome")).toContainText(`Credited ${late.reference}: $630.00 to Amaka Nwosu, at $70,000.00 per bitcoin.`);

  const other = operator.getByTestId("admin-deposit").filter({ hasText: refused.reference });
  await other.getByRole("button", { name: "Review" }).click();
  await operator.getByTestId("invoice-decision").getByRole("button", { name: "Mark invalid" }).click();
  const form = operator.getByRole("form", { name: `Mark ${refused.reference} invalid` });
  await form.getByLabel("Why it is invalid").fill("Sent from a service we cannot accept; returned to the sender.");
  await form.getByLabel("Refund transaction ID").fill("e".repeat(64));
  await form.getByRole("button", { name: "Mark invalid" }).click();
  await expect(operator.getByTestId("admin-outcome")).toContainText(`Marked ${refused.reference} from Amaka Nwosu invalid.`);

  await visit(investor, `/dashboard/transfer/crypto/${late.id}`);
  await expect(investor.getByTestId("invoice-status")).toContainText("Our team reviewed the payment and credited $630.00. The payment arrived after the invoice expired");
  await visit(investor, `/dashboard/transfer/crypto/${refused.id}`);
  await expect(investor.getByTestId("invoice-status")).toContainText("Our team marked this invoice invalid");
  await expect(investor.getByTestId("invoice-status")).toContainText(`The refund was sent in transaction ${"e".repeat(64)}.`);
  expect(await overflow(investor)).toBeLessThanOrEqual(0);
});
