import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { BASE_URL, card, claimCryptoDeposit, createUser, expectNoSeriousAxe, fund, newAdminPage, overflow, expect, signInViaApi, test, uniqueEmail, visit, expectRefusedRequest } from "./fixtures.js";


function planCard(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("investments", () => {
  // Moves the shared server's clock (POST /dev/clock): tagged so playwright.config.ts runs it after every other spec.
  test("a confirmed deposit is invested in Standard and paid back with profit at maturity", { tag: "@clock" }, async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Ifeoma Eze" });
    await signInViaApi(page, user.email, user.password);

    // No money yet: every plan says to deposit first, and leads there; there are no investments.
    await visit(page, "/dashboard/investment");
    await expect(page.getByRole("heading", { level: 1, name: "Investment Plans" })).toBeVisible();
    const standard = planCard(page, "Standard");
    await expect(standard.getByText("Your Main Balance is below this plan's minimum.")).toBeVisible();
    await expect(standard.getByRole("link", { name: "Deposit to invest in Standard" })).toHaveAttribute("href", "/dashboard/transfer");
    await expect(page.getByTestId("investments-empty")).toBeVisible();

    // The user reports a crypto deposit; the operator confirms $1,000.00.
    await visit(page, "/dashboard/transfer/crypto");
    const reference = await claimCryptoDeposit(page, "1000");

    const admin = await newAdminPage(browser);
    await visit(admin, "/dashboard/admin/deposits");
    const pending = admin.getByTestId("admin-deposit").filter({ hasText: reference });
    await pending.getByRole("button", { name: "Review" }).click();
    await pending.getByRole("button", { name: "Confirm" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(`Confirmed ${reference}: $1,000.00 credited`);
    await admin.context().close();

    // Invest → amount → summary → Confirm.
    await visit(page, "/dashboard/investment");
    await expect(page.getByText("Available balance:").first()).toContainText("$1,000.00");
    await expect(planCard(page, "Advanced").getByRole("link", { name: "Deposit to invest in Advanced" })).toBeVisible();
    await standard.getByRole("button", { name: "Invest in Standard" }).click();
    const dialog = page.getByRole("dialog", { name: "Invest in Standard" });
    await expect(dialog.getByTestId("available-balance")).toHaveText("$1,000.00");
    const amount = dialog.getByLabel("Amount (USD)");
    await expect(amount).toBeFocused();
    await amount.fill("999.99");
    await dialog.getByRole("button", { name: "Review" }).click();
    await expect(amount).toHaveAccessibleDescription(/The minimum for Standard is \$1,000\./);
    await amount.fill("1000.01");
    await dialog.getByRole("button", { name: "Review" }).click();
    await expect(amount).toHaveAccessibleDescription(/available balance is not enough/);
    await amount.fill("1,000");
    await dialog.getByRole("button", { name: "Review" }).click();

    const summary = dialog.getByTestId("investment-summary");
    await expect(dialog.getByRole("heading", { name: "Check your investment" })).toBeFocused();
    const row = (label: string) => summary.locator("div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(row("Principal")).toContainText("$1,000.00");
    await expect(row("Rate")).toContainText("10%");
    await expect(row("Term")).toContainText("14 days");
    await expect(row("Start date")).toContainText(/\d{1,2} \w{3} \d{4}/);
    await expect(row("Maturity date")).toContainText(/\d{1,2} \w{3} \d{4}/);
    await expect(row("Profit at maturity")).toContainText("$100.00");
    await expect(row("Total at maturity")).toContainText("$1,100.00");
    await expect(dialog.getByRole("link", { name: "Read the risk disclosure" })).toHaveAttribute("href", "/risk");
    await dialog.getByRole("button", { name: "Confirm" }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("invest-outcome")).toContainText("You invested $1,000.00 in Standard.");
    await expect(page.getByTestId("invest-outcome")).toBeFocused();
    const mine = page.getByTestId("my-investment");
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Standard");
    await expect(mine).toContainText("$1,000.00");
    await expect(mine).toContainText("10%");
    await expect(mine).toContainText("Active");
    await expect(mine).toContainText("14 days");
    await expect(mine).toContainText("$0.00 of $100.00");
    // The balance is spent: the plan's action is Deposit to invest again.
    await expect(standard.getByRole("link", { name: "Deposit to invest in Standard" })).toBeVisible();

    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance")).toContainText("$0.00");
    await expect(card(page, "Total Invest")).toContainText("$1,000.00");
    await expect(card(page, "Total Balance")).toContainText("$1,000.00");
    await expect(page.getByTestId("my-investment")).toContainText("Standard · $1,000.00");

    // Time passes on the server (NODE_ENV=test only); maturity pays principal and profit once.
    const moved = await request.post("/dev/clock", { data: { days: 15 }, headers: { Origin: BASE_URL } });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.reload();
    await expect(card(page, "Main Balance")).toContainText("$1,100.00");
    await expect(card(page, "Interest Balance")).toContainText("$100.00");
    await expect(card(page, "Total Invest")).toContainText("$0.00");
    await expect(card(page, "Total Balance")).toContainText("$1,100.00");
    await expect(page.getByTestId("my-investment")).toContainText("Matured");

    await visit(page, "/dashboard/investment");
    await expect(mine).toContainText("Matured");
    await expect(mine).toContainText("Profit paid");
    await expect(mine).toContainText("$100.00");
  });

  // Moves the shared server's clock (POST /dev/clock): tagged so playwright.config.ts runs it after every other spec.
  test("an investment rolled over with its profit continues as a new one, which is then withdrawn early for its fee", { tag: "@clock" }, async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Chidi Okafor" });
    await signInViaApi(page, user.email, user.password);
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 100_000);
    await admin.context().close();

    // Invest $1,000 in Standard, choosing to roll over principal and profit.
    await visit(page, "/dashboard/investment");
    await planCard(page, "Standard").getByRole("button", { name: "Invest in Standard" }).click();
    const dialog = page.getByRole("dialog", { name: "Invest in Standard" });
    await expect(dialog.getByRole("radio", { name: "Pay out" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Roll over principal and profit" })).toHaveAccessibleDescription(
      "At maturity, the principal and the profit together start a new investment in the same plan.",
    );
    await dialog.getByLabel("Amount (USD)").fill("1000");
    await dialog.getByRole("radio", { name: "Roll over principal and profit" }).check();
    await dialog.getByRole("button", { name: "Review" }).click();
    await expect(dialog.getByTestId("summary-instruction")).toContainText("Roll over principal and profit");
    await expect(dialog.getByTestId("investment-summary")).toContainText("2% fee, no profit");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("invest-outcome")).toContainText("At maturity: Roll over principal and profit.");
    await expect(page.getByTestId("maturity-instruction")).toContainText("At maturity: Roll over principal and profit");
    await expect(page.getByTestId("maturity-instruction")).toContainText("You can change this until");

    // Fifteen days on, settlement has rolled the $1,000 and its $100 profit into a new Standard investment.
    const moved = await request.post("/dev/clock", { data: { days: 15 }, headers: { Origin: BASE_URL } });
    expect(moved.status(), await moved.text()).toBe(200);
    await visit(page, "/dashboard/investment");
    const investments = page.getByTestId("my-investment");
    await expect(investments).toHaveCount(2);
    const old = investments.filter({ has: page.getByText("Rolled over", { exact: true }) });
    const next = investments.filter({ hasText: "Continues Standard investment" });
    await expect(old).toContainText("Rolled over: the principal and profit, $1,100.00, started a new investment.");
    await expect(next).toContainText("Active");
    const detail = (item: typeof next, label: string) => item.locator("div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(detail(next, "Principal")).toContainText("$1,100.00");
    await expect(detail(next, "Due at maturity")).toContainText("$1,210.00");
    await old.getByRole("link", { name: "See the new investment" }).click();
    await expect(next).toHaveAttribute("data-linked", "");

    // The overview's timeline has it; the Main Balance got nothing (both rolled over).
    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance")).toContainText("$0.00");
    await expect(page.getByTestId("upcoming-maturity")).toHaveCount(1);
    await expect(page.getByTestId("upcoming-maturity")).toContainText("$1,210.00 due");
    await expect(page.getByTestId("upcoming-maturity")).toContainText("Roll over principal and profit");

    // Withdrawn early: the preview names the 2% fee; a double click records it once.
    await visit(page, "/dashboard/investment");
    await next.getByRole("button", { name: "Withdraw early" }).click();
    const early = page.getByRole("dialog", { name: "Withdraw your Standard investment early" });
    const preview = early.getByTestId("early-withdrawal-preview");
    await expect(detail(preview, "Principal")).toContainText("$1,100.00");
    await expect(detail(preview, "Early-withdrawal fee (2%)")).toContainText("−$22.00");
    await expect(detail(preview, "Profit")).toContainText("No profit $110.00 given up");
    await expect(detail(preview, "To your Main Balance")).toContainText("$1,078.00");
    await expect(early).toContainText("An early withdrawal cannot be undone");
    await early.getByRole("button", { name: "Confirm early withdrawal" }).dblclick();
    await expect(early).toBeHidden();
    await expect(next.getByRole("status")).toContainText("$1,078.00 is now in your Main Balance. The $22.00 fee was kept");
    await expect(page.locator(":focus")).toContainText("is now in your Main Balance");
    await expect(next).toContainText("Withdrawn early");
    await expect(next.getByTestId("investment-notes")).toContainText("the $22.00 early-withdrawal fee was kept");
    await expect(next.getByRole("button")).toHaveCount(0);

    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance")).toContainText("$1,078.00");
    await expect(page.getByTestId("upcoming-maturities")).toHaveCount(0);
  });

  test("the admin interest tool credits once with a reason, is on the user's back-office page, and only admins see it", async ({ page, request, browser }) => {
    expectRefusedRequest(404, "/api/admin/users/");
    test.setTimeout(60_000);
    const user = await createUser(request, { name: "Tunde Bello", email: uniqueEmail("tunde") });
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard");
    // A user who has never deposited sees the first-deposit screen, and no back-office tool.
    await expect(page.getByRole("link", { name: "Make a deposit" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Credit interest" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Plans", exact: true })).toHaveCount(0);
    // The back office itself refuses a plain user.
    await page.goto("/dashboard/admin/plans");
    await expect(page).toHaveURL(`${BASE_URL}/`);

    const admin = await newAdminPage(browser);
    await visit(admin, "/dashboard");
    await expect(admin.getByTestId("credit-interest")).toHaveCount(0);

    // The tool is on the user's page in the back office: found by e-mail in the users table.
    await visit(admin, "/dashboard/admin/users");
    await admin.getByLabel("E-mail, name or ID").fill(user.email);
    await admin.getByRole("button", { name: "Apply" }).click();
    await admin.getByRole("link", { name: user.email }).click();
    const panel = admin.getByTestId("credit-interest");
    await expect(panel.getByRole("heading", { name: "Credit interest" })).toBeVisible();
    const id = decodeURIComponent(new URL(admin.url()).pathname.split("/").pop() ?? "");
    expect(id.length).toBeGreaterThan(8);

    const reason = panel.getByLabel("Reason (kept in the audit log)");
    const press = () => panel.getByRole("button", { name: "Credit interest" }).click();
    await press();
    await expect(reason).toHaveAccessibleDescription("Give a reason: it is kept in the audit log.");
    await reason.fill("Settlement was down this morning");
    await press();
    await expect(panel.getByRole("status")).toHaveText(new RegExp(`^(Successfully updated interest for ${id}\\.|No interest is due for ${id} right now\\.)`));
    await reason.fill("Checking again");
    await press();
    await expect(panel.getByRole("status")).toHaveText(`No interest is due for ${id} right now.`);

    await visit(admin, "/dashboard/admin/users/no-such-user-0000");
    await expect(admin.getByRole("alert")).toHaveText("There is no user with this ID.");
    await admin.context().close();
  });

  test("a plan's new rate waits for a second admin, then shows on the plan list and the public plan page", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const admin = await newAdminPage(browser, { name: "Ada Asker" });
    const approver = await newAdminPage(browser, { name: "Bode Approver" });
    const before = (await (await admin.request.get("/api/admin/plans")).json()) as { items: Array<{ id: string; name: string; minimumCents: number; rateBasisPoints: number; termDays: number; features: string[]; active: boolean }> };
    const original = before.items.find((plan) => plan.id === "advanced");
    expect(original).toBeDefined();
    try {
      await visit(admin, "/dashboard/admin/plans");
      await expect(admin.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
      await expect(admin.getByRole("link", { name: "Plans", exact: true })).toHaveAttribute("aria-current", "page");
      const row = admin.getByTestId("admin-plan").filter({ has: admin.getByRole("heading", { name: /^Advanced/ }) });
      await row.getByRole("button", { name: "Edit Advanced" }).click();
      const form = row.getByRole("form", { name: "Edit Advanced" });
      await expect(form.getByLabel("Name")).toBeFocused();
      await expect(form.getByLabel("Rate (%)")).toHaveValue("12");
      await expect(form.getByText("Existing investments keep the terms they were made under.")).toBeVisible();

      await form.getByLabel("Rate (%)").fill("12.345");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByLabel("Rate (%)")).toHaveAccessibleDescription(/Use at most two decimal places\./);
      await expect(form.getByLabel("Rate (%)")).toBeFocused();

      // A new rate is four-eyes: nothing changes until another admin approves it.
      await form.getByLabel("Rate (%)").fill("12.5");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(admin.getByTestId("plan-outcome")).toContainText("Sent to a second admin for approval");
      await visit(page, "/plan");
      await expect(planCard(page, "Advanced")).toContainText("12%");

      await visit(approver, "/dashboard/admin/approvals");
      const waiting = approver.getByTestId("approval").filter({ hasText: "Advanced" });
      await expect(waiting).toContainText("Ada Asker");
      await waiting.getByRole("button", { name: "Approve" }).click();
      await expect(approver.getByTestId("approval-outcome")).toContainText("Approved and done");

      await visit(admin, "/dashboard/admin/plans");
      await expect(row).toContainText("12.5%");
      await visit(admin, "/dashboard/investment");
      await expect(planCard(admin, "Advanced")).toContainText("12.5%");

      // The public page is rendered again by the server with the new terms.
      await visit(page, "/plan");
      await expect(planCard(page, "Advanced")).toContainText("12.5%");
      const html = await (await page.request.get("/plan")).text();
      expect(html).toContain("12.5%");
    } finally {
      // Putting the old terms back is a rate change too: asked by one admin, approved by the other.
      const { id, ...terms } = original!;
      const asked = await admin.request.put(`/api/admin/plans/${id}`, { data: terms, headers: { Origin: BASE_URL } });
      if (asked.status() === 202) {
        const { pendingApproval } = (await asked.json()) as { pendingApproval: { id: string } };
        const approved = await approver.request.post(`/api/admin/approvals/${pendingApproval.id}/approve`, { data: {}, headers: { Origin: BASE_URL, "Idempotency-Key": randomUUID() } });
        expect(approved.status(), await approved.text()).toBe(200);
      } else {
        expect(asked.status(), await asked.text()).toBe(200);
      }
      await admin.context().close();
      await approver.context().close();
    }
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the plan list, invest and early-withdrawal dialogs, overviews and plan editor fit the screen and pass axe", async ({ page, request, browser }) => {
      // Seven screens, each checked with axe: under a full parallel run on two slow cores this
      // outgrew 60 s once, so it has three times the journey budget (test.slow()).
      test.slow();
      const user = await createUser(request, { name: "Adaeze Nwachukwu-Okonkwo" });
      await signInViaApi(page, user.email, user.password);
      const admin = await newAdminPage(browser, { width: 375 });
      await fund(page.request, admin.request, 250_000);

      await visit(page, "/dashboard/investment");
      await planCard(page, "Standard").getByRole("button", { name: "Invest in Standard" }).click();
      const dialog = page.getByRole("dialog", { name: "Invest in Standard" });
      await dialog.getByLabel("Amount (USD)").fill("1500");
      await dialog.getByRole("button", { name: "Review" }).click();
      await expect(dialog.getByTestId("investment-summary")).toContainText("$1,650.00");
      expect(await overflow(page), "invest dialog").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "invest dialog");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByTestId("my-investment")).toHaveCount(1);
      expect(await overflow(page), "/dashboard/investment").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "/dashboard/investment");

      // The early-withdrawal dialog, left without withdrawing: focus returns to its button.
      await page.getByRole("button", { name: "Withdraw early" }).click();
      const early = page.getByRole("dialog", { name: "Withdraw your Standard investment early" });
      await expect(early.getByTestId("early-withdrawal-preview")).toContainText("$1,470.00");
      await expect(early.getByRole("button", { name: "Keep investment" })).toBeFocused();
      expect(await overflow(page), "early-withdrawal dialog").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "early-withdrawal dialog");
      await early.getByRole("button", { name: "Keep investment" }).click();
      await expect(early).toBeHidden();
      await expect(page.getByRole("button", { name: "Withdraw early" })).toBeFocused();

      await visit(page, "/dashboard");
      await expect(page.getByTestId("upcoming-maturity")).toHaveCount(1);
      expect(await overflow(page), "/dashboard").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "/dashboard");

      await visit(admin, "/dashboard/admin");
      await expect(admin.getByTestId("overview-maturing")).toBeVisible();
      expect(await overflow(admin), "admin overview").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, "admin overview");

      await visit(admin, "/dashboard/admin/plans");
      await admin.getByRole("button", { name: "Edit Premium" }).click();
      await expect(admin.getByRole("form", { name: "Edit Premium" })).toBeVisible();
      expect(await overflow(admin), "/dashboard/admin/plans").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, "/dashboard/admin/plans");
      await admin.context().close();
    });
  });
});
