import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, newAdminPage, signInSharedInvestor, test } from "./fixtures.js";

/** The back office's one chunk (web/routes/admin/back-office.ts). */
const BACK_OFFICE_CHUNK = /\/assets\/back-office-[\w-]+\.js$/;

/**
 * Opens `path` and answers every same-origin script it loaded until the network was idle (chunks
 * imported on load included), with its size gzipped at level 9, as bench/web.ts counts them.
 */
async function scriptsOf(page: Page, path: string): Promise<Array<{ url: string; gzipBytes: number }>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || !response.url().startsWith(`${BASE_URL}/`) || !response.ok()) return;
    if (!bodies.has(response.url())) bodies.set(response.url(), response.body());
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  return Promise.all([...bodies].map(async ([url, body]) => ({ url, gzipBytes: gzipSync(await body, { level: 9 }).length })));
}

const totalKb = (scripts: Array<{ gzipBytes: number }>) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;

test.describe("JavaScript budgets (decision 0064)", () => {
  test("the home page loads at most 60 KB of gzipped JavaScript, and no React", async ({ page }) => {
    const scripts = await scriptsOf(page, "/");
    expect(totalKb(scripts), scripts.map((s) => `${s.url} ${s.gzipBytes}`).join("\n")).toBeLessThanOrEqual(60);
    // The calculator, the menu and the live parts work from the small public script alone.
    expect(await page.evaluate(() => Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")))).toBe(false);
  });

  test("an investor's dashboard loads at most 150 KB gzipped and never the back office", async ({ page }) => {
    const user = await signInSharedInvestor(page);
    const scripts = await scriptsOf(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
    expect(totalKb(scripts), scripts.map((s) => `${s.url} ${s.gzipBytes}`).join("\n")).toBeLessThanOrEqual(150);
    // Every screen an investor can open: none of them fetches the back office either.
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const screen of ["/dashboard/investment", "/dashboard/transaction", "/dashboard/settings"]) {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect([...scripts.map((s) => s.url), ...requested].filter((url) => BACK_OFFICE_CHUNK.test(url))).toEqual([]);
  });

  test("an admin's back office loads its chunk", async ({ browser }) => {
    const admin = await newAdminPage(browser);
    const scripts = await scriptsOf(admin, "/dashboard/admin");
    await expect(admin.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
    expect(scripts.filter((s) => BACK_OFFICE_CHUNK.test(s.url))).toHaveLength(1);
  });
});
