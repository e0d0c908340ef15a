import type { Locator, Page } from "@playwright/test";
import { BASE_URL, expect, signInSharedInvestor, test, visit } from "./fixtures.js";

/** Every entry of the phone menu for a visitor, in order, where it leads and that page's tab title. */
const VISITOR_LINKS: Array<[string, string, string]> = [
  ["Home", "/", "Fixed-term investment plans"],
  ["About", "/about", "About us"],
  ["Plans", "/plan", "Investment plans"],
  ["Contact", "/contact", "Contact us"],
  ["Login Now", "/login", "Log in"],
];

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Open menu" });
const menu = (page: Page) => page.getByRole("dialog", { name: "Menu" });

/**
 * The ancestors that would make a `position: fixed` box relative to themselves instead of the
 * viewport (a transform, filter, backdrop-filter, perspective, contain or will-change on them).
 */
async function containingBlockAncestors(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const found: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const reasons = [
        style.transform !== "none" && "transform",
        style.translate !== "none" && "translate",
        style.filter !== "none" && "filter",
        style.backdropFilter !== "none" && "backdrop-filter",
        style.perspective !== "none" && "perspective",
        /paint|layout|strict|content/.test(style.contain) && "contain",
        /transform|filter|perspective/.test(style.willChange) && "will-change",
      ].filter(Boolean);
      if (reasons.length > 0) found.push(`${node.tagName.toLowerCase()}.${node.className}: ${reasons.join(", ")}`);
    }
    return found;
  });
}

/** Every element Tab reaches, starting from the current focus, `steps` times; each answer says whether it was inside `container`. */
async function tabbing(page: Page, container: Locator, steps: number, shift = false): Promise<boolean[]> {
  const inside: boolean[] = [];
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    inside.push(await container.evaluate((element) => element.contains(document.activeElement) && document.activeElement !== document.body));
  }
  return inside;
}

/** The brightness (0-255) of the pixel at (x, y) of a PNG, read by the page's own image decoder. */
async function brightnessAt(page: Page, png: Buffer, x: number, y: number): Promise<number> {
  return page.evaluate(
    async ({ bytes, x, y }) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      return Math.round((r! + g! + b!) / 3);
    },
    { bytes: [...png], x, y },
  );
}

async function expectFullScreen(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box, "no box").not.toBeNull();
  expect(box!.x).toBe(0);
  expect(box!.y).toBe(0);
  expect(box!.width).toBe(viewport.width);
  expect(box!.height).toBe(viewport.height);
}

for (const viewport of [
  { width: 375, height: 700 },
  { width: 768, height: 1024 },
]) {
  test.describe(`phone menu at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: true });

    test("covers the screen and every link is visible and can be tapped", async ({ page }) => {
      await visit(page, "/about");
      // The header links are in the menu at this width, and nothing is wider than the screen.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true })).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      for (const [label, path, title] of VISITOR_LINKS) {
        await menuButton(page).tap();
        await expect(menu(page)).toBeVisible();
        await expectFullScreen(menu(page), viewport);
        expect(await containingBlockAncestors(menu(page))).toEqual([]);
        for (const [other] of VISITOR_LINKS) await expect(menu(page).getByRole("link", { name: other, exact: true })).toBeInViewport();

        await menu(page).getByRole("link", { name: label, exact: true }).tap();
        await expect(page, `${label} leads to ${path}`).toHaveURL(`${BASE_URL}${path}`);
        // The new page has rendered (a lazy page loads first); a menu opened before that closes when it does.
        await expect(page).toHaveTitle(`${title} · Termvest`);
        await expect(menu(page)).toHaveCount(0);
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
      }
    });

    test("keeps focus inside while open; Escape or the close button closes it and focus returns to the menu button", async ({ page }) => {
      await visit(page, "/");
      await menuButton(page).click();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
      await expect(menu(page).getByRole("link").first()).toBeFocused();
      // Logo, close button, four links, Login Now: ten presses wrap around at least once.
      expect(await tabbing(page, menu(page), 10)).toEqual(Array(10).fill(true));
      expect(await tabbing(page, menu(page), 10, true)).toEqual(Array(10).fill(true));
      // The page behind does not scroll while the menu covers it.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

      await page.keyboard.press("Escape");
      await expect(menu(page)).toHaveCount(0);
      await expect(menuButton(page)).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

      // The close button closes it too, leaving the visitor where they were.
      await menuButton(page).tap();
      await menu(page).getByRole("button", { name: "Close menu" }).tap();
      await expect(menu(page)).toHaveCount(0);
      await expect(page).toHaveURL(`${BASE_URL}/`);
    });

    test("signed in, it offers Dashboard and Logout", async ({ page }) => {
      const user = await signInSharedInvestor(page);
      await visit(page, "/");
      await menuButton(page).tap();
      await expect(menu(page).getByRole("button", { name: "Logout" })).toBeInViewport();
      await expect(menu(page).getByRole("link", { name: "Login Now" })).toHaveCount(0);
      await menu(page).getByRole("link", { name: "Dashboard" }).tap();
      await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
      await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    });
  });
}

test.describe("public header at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows Dashboard beside Logout when signed in", async ({ page }) => {
    await signInSharedInvestor(page);
    await visit(page, "/plan");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });
});

test.describe("signed-in visitors of /login and /signup", () => {
  test("each sends a signed-in user to the dashboard", async ({ page }) => {
    const user = await signInSharedInvestor(page);
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${BASE_URL}/dashboard`);
      await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    }
  });

  test("a visitor still gets the forms", async ({ page }) => {
    await visit(page, "/signup");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
    await visit(page, "/login");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
  });
});

test.describe("dashboard sidebar", () => {
  /** The transaction screen is the longest: it scrolls well past one screen. */
  const LONG_SCREEN = "/dashboard/transaction";

  test.describe("as a drawer at 375 px", () => {
    const viewport = { width: 375, height: 700 };
    test.use({ viewport });

    test("opens over the page at any scroll position, keeps focus, and closes on Escape, a link or the backdrop", async ({ page }) => {
      await signInSharedInvestor(page);
      await page.goto(LONG_SCREEN);
      const sidebar = page.getByRole("complementary", { name: "Dashboard" });
      const toggle = page.getByRole("banner").getByRole("button", { name: "Open menu" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Closed, its links are neither shown nor reachable with Tab.
      await expect(sidebar.getByRole("link", { name: "Invest", exact: true })).toBeHidden();

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(sidebar.getByRole("button", { name: "Logout" })).toBeInViewport();
      await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
      const box = (await sidebar.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.height).toBe(viewport.height);
      expect(await containingBlockAncestors(sidebar)).toEqual([]);

      expect(await tabbing(page, sidebar, 12)).toEqual(Array(12).fill(true));
      await page.keyboard.press("Escape");
      await expect(sidebar.getByRole("link", { name: "Invest", exact: true })).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await page.mouse.click(viewport.width - 20, viewport.height / 2);
      await expect(sidebar.getByRole("link", { name: "Invest", exact: true })).toBeHidden();

      await toggle.click();
      await sidebar.getByRole("link", { name: "Invest", exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/dashboard/investment`);
      await expect(page.getByRole("heading", { level: 1, name: "Investment Plans" })).toBeVisible();
      await expect(sidebar.getByRole("link", { name: "Invest", exact: true })).toBeHidden();
    });
  });

  test.describe("every drawer link at 375 px", () => {
    test.use({ viewport: { width: 375, height: 700 }, hasTouch: true });

    test("can be tapped, leads to its screen and closes the drawer", async ({ page }) => {
      const user = await signInSharedInvestor(page);
      await page.goto("/dashboard/settings");
      const sidebar = page.getByRole("complementary", { name: "Dashboard" });
      const links: Array<[string, string, string]> = [
        ["Dashboard", "/dashboard", `Welcome, ${user.name}`],
        ["Deposit", "/dashboard/transfer", "Choose Transfer Method"],
        ["Invest", "/dashboard/investment", "Investment Plans"],
        ["Withdraw or send", "/dashboard/transaction", "Transaction History"],
        ["Request money", "/dashboard/recieve", "Request Money"],
        ["Settings", "/dashboard/settings", "Settings"],
      ];
      for (const [label, path, heading] of links) {
        await page.getByRole("banner").getByRole("button", { name: "Open menu" }).tap();
        const link = sidebar.getByRole("link", { name: label, exact: true });
        await expect(link).toBeInViewport();
        await link.tap();
        await expect(page, `${label} leads to ${path}`).toHaveURL(`${BASE_URL}${path}`);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(link).toBeHidden();
      }
    });
  });

  test.describe("beside the page at 1280 px", () => {
    const viewport = { width: 1280, height: 600 };
    test.use({ viewport });

    test("reaches the bottom of a long screen, scrolled or not", async ({ page }) => {
      await signInSharedInvestor(page);
      await page.goto(LONG_SCREEN);
      // The screen is a chunk of its own (decision 0064): its heading first, then its lists' data.
      await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const sidebar = page.getByRole("complementary", { name: "Dashboard" });
      await expect(sidebar.getByRole("button", { name: "Logout" })).toBeInViewport();
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight, "the screen must be longer than the window for this test").toBeGreaterThan(viewport.height);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // A capture of the whole page is dark beside the content from top to bottom, not for one window's height only.
      const capture = await page.screenshot({ fullPage: true });
      for (const y of [5, Math.round(pageHeight / 2), pageHeight - 5]) {
        expect(await brightnessAt(page, capture, 20, y), `sidebar colour at y=${y} of ${pageHeight}`).toBeLessThan(80);
      }
      const box = (await sidebar.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.height).toBe(viewport.height);
      await expect(sidebar.getByRole("button", { name: "Logout" })).toBeInViewport();
    });
  });
});
