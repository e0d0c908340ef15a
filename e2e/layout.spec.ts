import type { Page } from "@playwright/test";
import { BASE_URL, expect, signInSharedInvestor, test, visit, waitForHydration, expectRefusedRequest } from "./fixtures.js";

const NAV_LINKS = ["Home", "About", "Plans", "Contact"];
const MOBILE = { width: 375, height: 800 };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

test.describe("public navigation", () => {
  test("shows Home, About, Plans, Contact and Login Now when signed out", async ({ page }) => {
    await visit(page, "/");
    const nav = mainNav(page);
    for (const label of NAV_LINKS) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Login Now" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Logout" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Login Now" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
  });

  test("shows Logout instead of Login Now when signed in", async ({ page }) => {
    await signInSharedInvestor(page);
    await visit(page, "/");
    const nav = mainNav(page);
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login Now" })).toHaveCount(0);
  });

  test("marks the link of the current page with aria-current", async ({ page }) => {
    const nav = mainNav(page);
    const cases: Array<[string, string]> = [
      ["/", "Home"],
      ["/about", "About"],
      ["/plan", "Plans"],
      ["/contact", "Contact"],
    ];
    for (const [path, current] of cases) {
      await visit(page, path);
      for (const label of NAV_LINKS) {
        const link = nav.getByRole("link", { name: label, exact: true });
        if (label === current) await expect(link, `${label} on ${path}`).toHaveAttribute("aria-current", "page");
        else await expect(link, `${label} on ${path}`).not.toHaveAttribute("aria-current", "page");
      }
    }
  });

  test("/packages ends on /plan", async ({ page }) => {
    await page.goto("/packages");
    await expect(page).toHaveURL(`${BASE_URL}/plan`);
    await expect(mainNav(page).getByRole("link", { name: "Plans", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("an unknown path shows Page not found with status 404", async ({ page }) => {
    expectRefusedRequest(404, "/no-such-page-here");
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    // Once the client has taken over, it must still show the 404 page.
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("following a link opens the new page at its top", async ({ page }) => {
    await visit(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    // Public pages are HTML (decision 0064): a link between them is a full page load.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About", exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("mobile", () => {
  test.use({ viewport: MOBILE });

  // The phone menu itself (full screen, every link, focus, closing) is navigation.spec.ts's.
  // The public pages are measured at three widths in public.spec.ts; these are the forms beside them.
  test("no horizontal scrolling on the sign-in, sign-up and reset forms at 375 px", async ({ page }) => {
    for (const path of ["/login", "/signup", "/forgot-password"]) {
      await visit(page, path);
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(innerWidth).toBe(MOBILE.width);
      expect(scrollWidth, `${path} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
    }
  });

  test("the dashboard menu opens the sidebar, navigates and closes it", async ({ page }) => {
    const user = await signInSharedInvestor(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();

    const sidebar = page.locator("aside#dashboard-sidebar");
    const planLink = sidebar.getByRole("link", { name: "Invest", exact: true });
    await expect(sidebar).toHaveClass(/(^|\s)-translate-x-full(\s|$)/);
    await expect(planLink).not.toBeInViewport();

    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await expect(sidebar).toHaveClass(/(^|\s)translate-x-0(\s|$)/);
    await expect(planLink).toBeInViewport();

    await planLink.click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/investment`);
    await expect(page.getByRole("heading", { level: 1, name: "Investment Plans" })).toBeVisible();
    await expect(sidebar).toHaveClass(/(^|\s)-translate-x-full(\s|$)/);
    await expect(planLink).not.toBeInViewport();
  });
});
