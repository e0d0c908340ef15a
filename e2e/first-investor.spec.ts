import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { approveIdentity, BASE_URL, card, expectRefusedRequest, watchConsole, createUser, enrolTwoFactor, expect, expectFits, expectNoSeriousAxe, fund, grantAdmin, listWallet, newAdminPage, signInViaApi, test, visit } from "./fixtures.js";

/*
 * Where a careful first investor and operator could trip, checked at both widths: each journey is
 * walked once and what it shows is read at each width in turn. Every journey here (as everywhere,
 * through the fixtures) fails on a console error or uncaught exception.
 */
const WIDTHS = [375, 1280] as const;
const headers = () => ({ Origin: BASE_URL, "Idempotency-Key": randomUUID() });

/** A phone is taller than it is wide; a desktop window is not. */
const viewport = (width: number) => ({ width, height: width < 1024 ? 812 : 900 });

async function investorPage(browser: Browser, name = "Nneka First") {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: viewport(WIDTHS[0]) });
  const page = await context.newPage();
  watchConsole(page);
  const user = await createUser(page.request, { name });
  await signInViaApi(page, user.email, user.password);
  return { page, user };
}

test.describe("a first investor", () => {
  test("sees the Total Balance and the way to a first deposit without scrolling, and a skip link", async ({ browser }) => {
    const { page } = await investorPage(browser);
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await visit(page, "/dashboard");
      const first = page.getByTestId("first-deposit");
      await expect(first.getByTestId("card-totalBalanceCents")).toHaveText("$0.00");
      await expect(first.getByTestId("card-totalBalanceCents"), `at ${width} px`).toBeInViewport();
      await expect(first.getByRole("link", { name: "Make a deposit" }), `at ${width} px`).toBeInViewport();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await skip.press("Enter");
      await expect(page).toHaveURL(/#main$/);
      await expectNoSeriousAxe(page, `a new investor's dashboard at ${width} px`);
    }
    await page.context().close();
  });

  test("is shown examples of bank accounts as examples, with every amount in USD and the account's currency", async ({ browser }) => {
    const { page } = await investorPage(browser);
    await visit(page, "/dashboard/transfer/fund");
    await expect(page.getByTestId("example-banks")).toHaveText(/^Example accounts only\. Do not send money to them\./);
    await page.getByLabel("Select Bank").selectOption({ label: "UBA" });
    await expect(page.getByTestId("bank-account-number")).toHaveText("0000000002 (example)");
    await expect(page.getByTestId("bank-account-name")).toHaveText("Example Operator Ltd");
    await expect(page.getByTestId("bank-currency")).toHaveText("USD");
    await expect(page.getByLabel("Amount")).toHaveAccessibleDescription("What your transfer is worth in US dollars (USD), from $10.00 USD to $1,000,000.00 USD.");
    for (const width of WIDTHS) await expectFits(page, width, "the bank deposit page with example accounts");
    // The contact page and the footer mark the example contacts too.
    await visit(page, "/contact");
    await expect(page.getByTestId("contacts-example")).toBeVisible();
    await page.context().close();
  });

  test("reads a short credit as what was credited, the claim struck, with the operator's reason, adding up to Total Transaction", async ({ browser }) => {
    const { page } = await investorPage(browser, "Ifeoma Short");
    const admin = await newAdminPage(browser);
    // $3,000 is past what an unverified account may deposit: the operator has checked who this is.
    await approveIdentity(page.request, admin.request);
    const created = await page.request.post("/api/deposits", { data: { method: "crypto", amountCents: 300_000, coin: "BTC" }, headers: headers() });
    expect(created.status(), await created.text()).toBe(201);
    const { reference } = (await created.json()) as { reference: string };

    await visit(admin, `/dashboard/admin/deposits?status=pending&q=${reference}`);
    const row = admin.getByTestId("admin-deposit").filter({ hasText: reference });
    await row.getByRole("button", { name: "Review" }).click();
    await row.getByLabel("Amount received").fill("2950");
    await row.getByRole("button", { name: "Confirm" }).click();
    await expect(row.getByLabel("Reason")).toHaveAccessibleDescription(/^Say why less than the claimed amount is credited: the investor sees this reason\./);
    await row.getByLabel("Reason").fill("Your bank sent $2,950: it kept $50 in fees.");
    await row.getByRole("button", { name: "Confirm" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(`Confirmed ${reference}: $2,950.00 credited to Ifeoma Short, who declared $3,000.00.`);
    await admin.context().close();

    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await visit(page, "/dashboard");
      const deposit = page.getByTestId("my-deposit").filter({ hasText: reference });
      await expect(deposit.getByTestId("deposit-credited")).toHaveText("$2,950.00");
      await expect(deposit.getByTestId("deposit-claimed")).toHaveText("$3,000.00");
      await expect(deposit).toContainText("Why: Your bank sent $2,950: it kept $50 in fees.");
      await expect(card(page, "Total Transaction")).toContainText("$2,950.00");
      const credited = await page.getByTestId("deposit-credited").allInnerTexts();
      const sum = credited.reduce((total, text) => total + Math.round(Number(text.replace(/[$,]/g, "")) * 100), 0);
      expect(sum, `at ${width} px`).toBe(295_000);
      await expectFits(page, width, "the dashboard after a short credit");
    }
    await page.context().close();
  });

  // Nothing here depends on the width: walked at the phone width only.
  test("is told at the form that a withdrawal is too large, before any review or code", async ({ browser }) => {
    // The browser logs the refused preview itself (a 409); nothing else may appear.
    expectRefusedRequest(409, "/api/payouts/preview");
    const { page } = await investorPage(browser, "Tunde Careful");
    // Listed before two-factor is on, so no code is spent on it.
    const address = await listWallet(page.request);
    await enrolTwoFactor(page.request);
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 5_000);
    await admin.context().close();
    await visit(page, "/dashboard/transaction");
    const form = page.getByRole("region", { name: "Transaction Details" });
    await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
    await form.getByLabel("Recipient (wallet address)", { exact: true }).selectOption(address);
    await form.getByLabel("Amount", { exact: true }).fill("75");
    await form.getByRole("button", { name: "Confirm Transaction" }).click();
    await expect(form.getByLabel("Amount", { exact: true })).toHaveAccessibleDescription(/^Your available balance is not enough for this payout\./);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByLabel("Authentication code")).toHaveCount(0);
    await page.context().close();
  });

  test("finds words that say what each place does, a pending withdrawal called pending, and a note apart from its reference", async ({ browser }) => {
    const { page, user } = await investorPage(browser, "Kelechi Words");
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 10_000);
    await admin.context().close();
    const asker = await browser.newContext({ baseURL: BASE_URL });
    const askerPage = await asker.newPage();
    const requester = await createUser(askerPage.request, { name: "Adaeze Asks" });
    await signInViaApi(askerPage, requester.email, requester.password);
    const long = "Reimbursement for the airport taxi and the hotel deposit we shared in Abuja";
    const asked = await askerPage.request.post("/api/money-requests", { data: { fromEmail: user.email, amountCents: 1_500, note: long }, headers: headers() });
    const { id } = (await asked.json()) as { id: string };
    expect((await page.request.post(`/api/money-requests/${id}/pay`, { data: {}, headers: headers() })).status()).toBe(200);
    const wallet = await listWallet(page.request);
    expect((await page.request.post("/api/payouts", { data: { amountCents: 2_000, walletAddress: wallet }, headers: headers() })).status()).toBe(201);
    await asker.close();

    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await visit(page, "/dashboard");
      if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
      const nav = page.getByRole("navigation", { name: "Dashboard sections" });
      await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Deposit", "Invest", "Withdraw or send", "Request money", "Verify identity", "Settings"]);
      await nav.getByRole("link", { name: "Withdraw or send" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/dashboard/transaction`);
      const entries = width < 768 ? page.getByTestId("history-entry") : page.getByTestId("history-row");
      const withdrawal = entries.filter({ hasText: "Withdrawal requested" });
      await expect(withdrawal).toContainText("Pending");
      const paid = entries.filter({ hasText: "Money request paid" });
      await expect(paid).toContainText(`Note: “${long}”`);
      await expect(paid).toContainText(/MR-[0-9A-F]{8}/);
      // The note wraps between its words, never inside one.
      const noteBox = paid.getByText(`Note: “${long}”`);
      expect(await noteBox.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
      await expectFits(page, width, "the history with a pending withdrawal and a paid request");
    }
    const csv = await (await page.request.get("/api/transactions?format=csv")).text();
    expect(csv.split("\r\n")[0]).toContain('"Status","Reference","Note"');
    expect(csv).toMatch(/"Withdrawal requested".*,"pending",/);
    await page.context().close();
  });
});

test.describe("the back office at 1280 × 900", () => {
  test("shows every sidebar item or that the list scrolls, keeps the current one in view, and polls nothing it is refused", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchConsole(page);
    // An admin who turns two-factor on in this browser: no stale banner, no refused polling.
    const admin = await createUser(page.request, { name: "Olu Sidebar" });
    grantAdmin(admin.email);
    await signInViaApi(page, admin.email, admin.password);
    await visit(page, "/dashboard");
    await expect(page.getByTestId("two-factor-required").first()).toBeVisible();
    await enrolTwoFactor(page.request);
    await visit(page, "/dashboard/admin/mail");
    await expect(page.getByTestId("two-factor-required")).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Dashboard sections" });
    const current = nav.getByRole("link", { name: "Undelivered e-mail" });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport();
    const links = await nav.getByRole("link").all();
    const hidden: string[] = [];
    for (const link of links) {
      const shown = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      if (!shown) hidden.push(await link.innerText());
    }
    if (hidden.length > 0) await expect(page.getByTestId("nav-more")).toBeVisible();
    await visit(page, "/dashboard/admin");
    await page.waitForTimeout(1_000);
    await context.close();
  });

  test("keeps the focus ring visible on the dark hero", async ({ page }) => {
    await visit(page, "/");
    // By keyboard, as a keyboard user reaches it: Tab until focus is inside the hero.
    let inHero = false;
    for (let step = 0; step < 30 && !inHero; step++) {
      await page.keyboard.press("Tab");
      inHero = await page.evaluate(() => document.activeElement?.closest("section.dark-surface") !== null);
    }
    expect(inHero).toBe(true);
    const start = page.locator(":focus");
    // amber-300 (well over 3:1 against the brand blues), not the brand ring used on light pages;
    // polled, as the link's colour transition passes through the colours between.
    const amber = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--color-amber-300)";
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    await expect.poll(() => start.evaluate((element) => getComputedStyle(element).outlineColor)).toBe(amber);
  });
});
