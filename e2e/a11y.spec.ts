import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createUser, expect, signInNewAdmin, signInViaApi, test, visit } from "./fixtures.js";

const PUBLIC_PAGES = ["/", "/about", "/plan", "/blog", "/contact", "/login", "/signup", "/check-email", "/terms", "/how-returns-work", "/forgot-password"];
/**
 * Every screen under /dashboard (web/routes/dashboard/index.tsx), and every back-office screen,
 * with the name its browser tab shows ("<Screen> · Termvest", web/routes/meta.ts).
 */
const DASHBOARD_PAGES: Array<[string, string]> = [
  ["/dashboard", "Dashboard"],
  ["/dashboard/investment", "Investment Plans"],
  ["/dashboard/investments", "Investment Plans"],
  ["/dashboard/transfer", "Choose Transfer Method"],
  ["/dashboard/transfer/crypto", "Transfer with Crypto"],
  ["/dashboard/transfer/fund", "Transfer Funds"],
  ["/dashboard/recieve", "Request Money"],
  ["/dashboard/transaction", "Transaction History"],
  ["/dashboard/notifications", "Notifications"],
  ["/dashboard/settings", "Settings"],
];
const ADMIN_PAGES: Array<[string, string]> = [
  ["/dashboard/admin", "Back office"],
  ["/dashboard/admin/users", "Users"],
  ["/dashboard/admin/deposits", "Deposits"],
  ["/dashboard/admin/payouts", "Payouts"],
  ["/dashboard/admin/plans", "Plans"],
  ["/dashboard/admin/audit", "Audit log"],
  ["/dashboard/admin/messages", "Messages"],
  ["/dashboard/admin/reconciliation", "Reconciliation"],
  ["/dashboard/admin/mail", "Undelivered e-mail"],
];
const WIDTHS = [1280, 375];
const BLOCKING = new Set(["serious", "critical"]);

/** Fails with axe's own report when a page has a serious or critical violation. */
async function expectNoBlockingViolations(page: Page, path: string, width: number) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
  expect(blocking.map((violation) => violation.id), `axe found on ${path} at ${width}px:\n${report}`).toEqual([]);
}

/** Waits for the screen's own content, not the "Loading..." of the guard or a query. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await expect(page.locator("main h1").first()).toBeVisible();
}

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await visit(page, path);
        await page.waitForLoadState("networkidle");
        await expectNoBlockingViolations(page, path, width);
      });
    }

    // One test per screen: a fresh account each, so no test runs long enough to risk the timeout.
    for (const [path, title] of DASHBOARD_PAGES) {
      test(`${path} has no serious or critical axe violations and is titled ${title}`, async ({ page }) => {
        const user = await createUser(page.request, { name: "Ada Axe" });
        await signInViaApi(page, user.email, user.password);
        await visit(page, path);
        await settle(page);
        await expect(page).toHaveTitle(`${title} · Termvest`);
        // The tab names the screen by its heading; only the overview greets the user by name instead.
        if (path !== "/dashboard") await expect(page.locator("main h1").first()).toHaveText(title);
        await expectNoBlockingViolations(page, path, width);
      });
    }

    for (const [path, title] of ADMIN_PAGES) {
      test(`${path} has no serious or critical axe violations and is titled ${title}`, async ({ page }) => {
        // Reconciliation shows 30 days of eleven columns each (about 700 elements, twice the other
        // screens), and axe takes twice as long over them: 10 s for the whole test alone, 22 to 24 s
        // beside other work on two cores, against the 30 s limit. Its whole page is still checked,
        // with three times the time.
        test.slow(path === "/dashboard/admin/reconciliation", "axe over 30 days of figures takes twice as long as on the other screens");
        await signInNewAdmin(page);
        await visit(page, path);
        await settle(page);
        await expect(page).toHaveTitle(`${title} · Termvest`);
        await expect(page.locator("main h1").first()).toHaveText(title);
        await expectNoBlockingViolations(page, path, width);
      });
    }

    // The phone menu and the drawer exist only below 1024 px, so only the narrow widths declare this test.
    if (width < 1024) test("the open phone menu and dashboard drawer have no serious or critical axe violations", async ({ page }) => {
      await visit(page, "/");
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await expectNoBlockingViolations(page, "/ (menu open)", width);

      const user = await createUser(page.request, { name: "Ada Axe" });
      await signInViaApi(page, user.email, user.password);
      await visit(page, "/dashboard");
      await settle(page);
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("complementary", { name: "Dashboard" }).getByRole("button", { name: "Logout" })).toBeInViewport();
      await expectNoBlockingViolations(page, "/dashboard (menu open)", width);
    });
  });
}
