import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createUser, expect, signInNewAdmin, signInViaApi, test, visit } from "./fixtures.js";

const PUBLIC_PAGES = ["/", "/about", "/plan", "/blog", "/contact", "/login", "/signup", "/check-email", "/terms", "/how-returns-work", "/forgot-password"];
/** Every screen under /dashboard (web/routes/dashboard/index.tsx), and every back-office screen. */
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/investment",
  "/dashboard/transfer",
  "/dashboard/transfer/crypto",
  "/dashboard/transfer/fund",
  "/dashboard/recieve",
  "/dashboard/transaction",
  "/dashboard/notifications",
  "/dashboard/settings",
];
const ADMIN_PAGES = ["/dashboard/admin/deposits", "/dashboard/admin/payouts", "/dashboard/admin/plans"];
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

    test("every dashboard screen has no serious or critical axe violations", async ({ page }) => {
      // Nine screens, each checked with axe: on a busy machine this outgrows the default 30 s.
      test.slow();
      const user = await createUser(page.request, { name: "Ada Axe" });
      await signInViaApi(page, user.email, user.password);
      for (const path of DASHBOARD_PAGES) {
        await visit(page, path);
        await settle(page);
        await expectNoBlockingViolations(page, path, width);
      }
    });

    test("every back-office screen has no serious or critical axe violations", async ({ page }) => {
      await signInNewAdmin(page);
      for (const path of ADMIN_PAGES) {
        await visit(page, path);
        await settle(page);
        await expectNoBlockingViolations(page, path, width);
      }
    });
  });
}
