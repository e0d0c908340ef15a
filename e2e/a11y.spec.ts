import type { Page } from "@playwright/test";
import { expect, expectNoSeriousAxe, signInAdmin, signInSharedInvestor, test, visit } from "./fixtures.js";

const PUBLIC_PAGES = ["/", "/about", "/plan", "/blog", "/contact", "/login", "/signup", "/check-email", "/terms", "/forgot-password"];
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
/**
 * The screens (at a width) that a journey already runs axe over, with more on them than an empty
 * account shows, so they are not checked again here. Every other screen is, at both widths.
 * /how-returns-work: trust.spec.ts, at 375 and 1280.
 * /dashboard: deposits.spec.ts (375) and first-investor.spec.ts (375, 1280).
 * /dashboard/investment at 375 (the same screen as /dashboard/investments): investments.spec.ts.
 * /dashboard/transfer at 375: deposits.spec.ts.
 * /dashboard/transfer/crypto: deposits.spec.ts (375) and verify-email.spec.ts (1280).
 * /dashboard/transfer/fund: deposits.spec.ts and first-investor.spec.ts (375, 1280).
 * /dashboard/recieve at 375: money-out.spec.ts.
 * /dashboard/transaction: history.spec.ts and first-investor.spec.ts (375, 768, 1280).
 * /dashboard/notifications: notifications.spec.ts (375, 1280).
 * /dashboard/settings: settings.spec.ts (1280) and two-factor-settings.spec.ts (375, 1280).
 * /dashboard/admin, /users: admin-users.spec.ts; /deposits, /payouts: admin-queues.spec.ts;
 * /audit, /messages, /reconciliation: admin-records.spec.ts (each at 375 and 1280).
 * /dashboard/admin/plans at 375: investments.spec.ts.
 */
const CHECKED_ELSEWHERE = new Set([
  "/dashboard@375", "/dashboard@1280",
  "/dashboard/investment@375", "/dashboard/investments@375", "/dashboard/investments@1280",
  "/dashboard/transfer@375",
  "/dashboard/transfer/crypto@375", "/dashboard/transfer/crypto@1280",
  "/dashboard/transfer/fund@375", "/dashboard/transfer/fund@1280",
  "/dashboard/recieve@375",
  "/dashboard/transaction@375", "/dashboard/transaction@1280",
  "/dashboard/notifications@375", "/dashboard/notifications@1280",
  "/dashboard/settings@375", "/dashboard/settings@1280",
  ...["/dashboard/admin", "/dashboard/admin/users", "/dashboard/admin/deposits", "/dashboard/admin/payouts", "/dashboard/admin/audit", "/dashboard/admin/messages", "/dashboard/admin/reconciliation"].flatMap((path) => [`${path}@375`, `${path}@1280`]),
  "/dashboard/admin/plans@375",
]);
const WIDTHS = [1280, 375];
/** Waits for the screen's own content, not the "Loading..." of the guard or a query. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await expect(page.locator("main h1").first()).toBeVisible();
}

/** The tab names the screen by its heading; only the overview greets the user by name instead. */
async function expectTitled(page: Page, path: string, title: string) {
  await settle(page);
  await expect(page, path).toHaveTitle(`${title} · Termvest`);
  if (path !== "/dashboard") await expect(page.locator("main h1").first(), path).toHaveText(title);
}

/** Screens of `pages` that no journey scans at `width`. */
const unscanned = (pages: Array<[string, string]>, width: number) => pages.filter(([path]) => !CHECKED_ELSEWHERE.has(`${path}@${width}`));

/**
 * The screens of `pages` at `width`: axe over those no journey scans, and (at the widest, since a
 * tab's title does not depend on the width) every screen's title and heading.
 */
async function checkScreens(page: Page, width: number, pages: Array<[string, string]>) {
  const titled = width === Math.max(...WIDTHS);
  for (const [path, title] of titled ? pages : unscanned(pages, width)) {
    await visit(page, path);
    await expectTitled(page, path, title);
    if (!CHECKED_ELSEWHERE.has(`${path}@${width}`)) await expectNoSeriousAxe(page, `${path} at ${width} px`);
  }
}

// Each public page loaded once and scanned at each width, the window resized in between.
test("the public pages have no serious or critical axe violations at 1280 or 375 px", async ({ page }) => {
  test.slow();
  for (const path of PUBLIC_PAGES) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    // Pre-rendered: hydrated (visit waits for it), every figure is already in the HTML.
    await visit(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSeriousAxe(page, `${path} at ${width} px`);
    }
  }
});

// One test per group of screens and width: one sign-in serves every screen of the group, and
// each screen still gets its own title check and axe report.
for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Ten screens a test, each settled and scanned: three times the budget of one journey.
    test.slow();

    // At a width where journeys scan every screen of a group, the group has nothing left to check.
    if (width === Math.max(...WIDTHS) || unscanned(DASHBOARD_PAGES, width).length > 0) test("dashboard screens: each titled by its name (at the widest), none with a serious or critical axe violation", async ({ page }) => {
      await signInSharedInvestor(page);
      await checkScreens(page, width, DASHBOARD_PAGES);
    });

    if (width === Math.max(...WIDTHS) || unscanned(ADMIN_PAGES, width).length > 0) test("back-office screens: each titled by its name (at the widest), none with a serious or critical axe violation", async ({ page }) => {
      await signInAdmin(page);
      await checkScreens(page, width, ADMIN_PAGES);
    });

    // The phone menu and the drawer exist only below 1024 px, so only the narrow widths declare this test.
    if (width < 1024) test("the open phone menu and dashboard drawer have no serious or critical axe violations", async ({ page }) => {
      await visit(page, "/");
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await expectNoSeriousAxe(page, `/ (menu open) at ${width} px`);

      await signInSharedInvestor(page);
      await visit(page, "/dashboard");
      await settle(page);
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("complementary", { name: "Dashboard" }).getByRole("button", { name: "Logout" })).toBeInViewport();
      await expectNoSeriousAxe(page, `/dashboard (menu open) at ${width} px`);
    });
  });
}
