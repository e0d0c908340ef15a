import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { approveIdentity, BASE_URL, bankReference, card, createUser, expect, expectNoSeriousAxe, fund, listWallet, newAdminPage, overflow, signInViaApi, test, visit } from "./fixtures.js";

const headers = () => ({ "Origin": BASE_URL, "Idempotency-Key": randomUUID() });

async function claimDeposit(request: APIRequestContext, amountCents: number) {
  const created = await request.post("/api/deposits", { data: { method: "bank", bank: "gtbank", amountCents, reference: await bankReference(request) }, headers: headers() });
  expect(created.status(), await created.text()).toBe(201);
}

/** Each card says what its figure counts, in one line under it. */
async function expectExplained(page: Page) {
  await expect(card(page, "Main Balance")).toContainText("available to invest, withdraw or send");
  await expect(card(page, "Interest Balance")).toContainText("profit credited so far, included in Main Balance");
  await expect(card(page, "Total Invest")).toContainText("principal in active investments");
  await expect(card(page, "Total Payout")).toContainText("withdrawals sent to your wallet, all time");
  await expect(card(page, "Total Transaction")).toContainText("confirmed deposits, all time");
  await expect(card(page, "Total Balance")).toContainText("Main Balance + invested + withdrawals on hold");
}

const WIDTHS = [375, 768, 1280];

/** Moves the shared server's clock (POST /dev/clock): tagged so playwright.config.ts runs it after every other spec. */
test("the cards and the statement at 375, 768 and 1280 px: a pending deposit beside the figures, and after a maturity the Interest card inside Main", { tag: "@clock" }, async ({ page, request, browser }) => {
  // Three widths' worth of screens, each checked with axe (the three tests this was had 120 s each).
  test.setTimeout(180_000);
  const user = await createUser(request, { name: "Kemi Ade" });
  await signInViaApi(page, user.email, user.password);
  // $3,500 is past what an unverified account may deposit: the operator has checked who this is.
  const admin = await newAdminPage(browser);
  await approveIdentity(page.request, admin.request);

  // $3,500 claimed, nothing confirmed: every figure is $0.00, and the claim has its own line.
  await claimDeposit(page.request, 350_000);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/dashboard");
    for (const label of ["Main Balance", "Total Transaction", "Total Balance"]) await expect(card(page, label), `${label} at ${width} px`).toContainText("$0.00");
    await expect(card(page, "Total Transaction")).toContainText("$3,500.00 waiting for confirmation");
    await expect(page.getByText("waiting to be sent")).toHaveCount(0);
    await expectExplained(page);
    expect(await overflow(page), `cards at ${width} px`).toBeLessThanOrEqual(0);
  }

  // $1,000 confirmed, invested in Standard, matured: Main $1,100 includes the $100 of interest.
  await fund(page.request, admin.request, 100_000);
  await admin.context().close();
  const invested = await page.request.post("/api/investments", { data: { planId: "standard", amountCents: 100_000 }, headers: headers() });
  expect(invested.status(), await invested.text()).toBe(201);
  const moved = await page.request.post("/dev/clock", { data: { days: 15 }, headers: { Origin: BASE_URL } });
  expect(moved.status(), await moved.text()).toBe(200);
  const withdrawal = await page.request.post("/api/payouts", { data: { amountCents: 10_000, walletAddress: await listWallet(page.request) }, headers: headers() });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);

  const expected = [
    ["Withdrawal requested", "-$100.00", "$1,000.00"],
    ["Maturity paid", "+$1,100.00", "$1,100.00"],
    ["Investment started", "-$1,000.00", "$0.00"],
    ["Deposit confirmed", "+$1,000.00", "$1,000.00"],
    ["Deposit expired", "not credited", "unchanged"],
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance"), `at ${width} px`).toContainText("$1,000.00");
    await expect(card(page, "Interest Balance")).toContainText("$100.00");
    await expect(card(page, "Interest Balance")).toContainText("included in Main Balance");
    await expect(card(page, "Total Balance")).toContainText("$1,100.00");
    await expect(card(page, "Total Payout")).toContainText("$100.00 requested, waiting to be sent");
    // Fifteen days on, the claim that was never confirmed has expired: nothing waits any more.
    await expect(card(page, "Total Transaction")).not.toContainText("waiting for confirmation");
    expect(await overflow(page), `matured cards at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(page, `cards at ${width} px`);

    // The statement: one row per event, newest first, each with its change and the balance after it.
    await visit(page, "/dashboard/transaction");
    const rows = width < 768 ? page.getByTestId("history-entry") : page.getByTestId("history-row");
    await expect(rows, `statement at ${width} px`).toHaveCount(expected.length);
    for (const values of expected) {
      // Found by its event: the claim is dated by the server's clock, which other tests move forward.
      const row = rows.filter({ hasText: values[0] });
      await expect(row).toHaveCount(1);
      for (const value of values) await expect(row, `${values[0]}: ${value} at ${width} px`).toContainText(value);
      // Every value is on screen: nothing clipped or pushed past the right edge.
      await row.scrollIntoViewIfNeeded();
      await expect(row).toBeInViewport({ ratio: 1 });
    }
    const moneyRows = (await rows.allTextContents()).filter((text) => !text.includes("Deposit expired"));
    expect(moneyRows.map((text) => expected.findIndex(([title]) => text.includes(title!)))).toEqual([0, 1, 2, 3]);
    await expect(rows.filter({ hasText: "Maturity paid" })).toContainText("Standard: principal $1,000.00 + profit $100.00");
    await expect(rows.filter({ hasText: "Deposit expired" })).toContainText("Expired");
    await expect(page.getByTestId(width < 768 ? "history-table" : "history-list")).toBeHidden();
    expect(await overflow(page), `statement at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(page, `history at ${width} px`);
  }

  // The file says the same, in numbers a spreadsheet adds up to the Main Balance.
  const csv = await (await page.request.get("/api/transactions?format=csv")).text();
  const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]);
  const changes = csv.trim().split("\r\n").slice(1).map((line) => Number(cells(line)[3]));
  expect([...changes].sort((a, b) => a - b)).toEqual([-1000, -100, 0, 1000, 1100]);
  expect(changes.reduce((sum, change) => sum + change, 0)).toBe(1000);
});
