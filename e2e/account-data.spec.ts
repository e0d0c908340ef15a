import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, enrolTwoFactor, expect, expectNoSeriousAxe, expectRefusedRequest, latestMailTo, overflow, signInViaApi, test, visit } from "./fixtures.js";

/** Settings → Your data, opened at `width`. */
async function yourData(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await visit(page, "/dashboard/settings");
  const region = page.getByRole("region", { name: "Your data" });
  await expect(region).toBeVisible();
  return region;
}

test.describe("your data", () => {
  for (const width of [375, 1280]) {
    test(`download my data at ${width} px: a JSON file of the account`, async ({ page, request }, testInfo) => {
      const user = await createUser(request, { name: "Dami Download" });
      await signInViaApi(page, user.email, user.password);
      const region = await yourData(page, width);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, `settings with your data at ${width} px`);
      await region.screenshot({ path: testInfo.outputPath(`your-data-${width}.png`) });

      const [download] = await Promise.all([page.waitForEvent("download"), region.getByRole("link", { name: "Download my data" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^termvest-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await download.path())!, "utf8"));
      expect(data).toMatchObject({ format: "termvest-account-data", profile: { email: user.email, name: "Dami Download", closedAt: null }, deposits: [], ledger: { postings: [] } });
      expect(data.sessions.length).toBeGreaterThan(0);
    });
  }

  test("closing is refused with the reason while a deposit waits, and a wrong password is said on its field", async ({ page }, testInfo) => {
    expectRefusedRequest(400, "/api/me/close");
    expectRefusedRequest(409, "/api/me/close");
    const user = await createUser(page.request, { name: "Wale Waiting" });
    await signInViaApi(page, user.email, user.password);
    const claimed = await page.request.post("/api/deposits", { data: { method: "crypto", amountCents: 5_000, coin: "BTC" }, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });
    expect(claimed.status(), await claimed.text()).toBe(201);

    const region = await yourData(page, 1280);
    await region.getByRole("button", { name: "Close my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Close your account" });
    const password = dialog.getByLabel("Current password");
    await expect(password).toBeFocused();
    await expect(dialog.getByLabel("Authentication code")).toHaveCount(0);
    await password.fill("Not-My-Password-1");
    await dialog.getByRole("button", { name: "Close my account" }).click();
    await expect(password).toHaveAccessibleDescription("Your password is not correct.");

    await password.fill(user.password);
    await dialog.getByRole("button", { name: "Close my account" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Your account cannot be closed yet. 1 deposit is waiting to be credited: wait until our team has confirmed or rejected it.",
    );
    await expectNoSeriousAxe(page, "the close dialog with a refusal");
    await page.screenshot({ path: testInfo.outputPath("close-refused-1280.png"), fullPage: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await (await page.request.get("/api/session")).json()).not.toBeNull();
  });

  for (const width of [375, 1280]) {
    test(`close an account at zero at ${width} px: signed out, the login refuses it`, async ({ page }, testInfo) => {
      expectRefusedRequest(403, "/api/auth/sign-in/email");
      const user = await createUser(page.request, { name: "Cleo Closer" });
      await signInViaApi(page, user.email, user.password);
      // At phone width the account has two-factor on, so the dialog asks for the code too.
      const authenticator = width === 375 ? await enrolTwoFactor(page.request) : undefined;

      const region = await yourData(page, width);
      await region.getByRole("button", { name: "Close my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Close your account" });
      await expect(dialog.getByText("What we keep:")).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, `the close dialog at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`close-dialog-${width}.png`), fullPage: true });

      await dialog.getByLabel("Current password").fill(user.password);
      if (authenticator) await dialog.getByLabel("Authentication code").fill(await authenticator.nextCode());
      await dialog.getByRole("button", { name: "Close my account" }).click();

      await expect(page).toHaveURL(/\/login\?closed=1$/);
      await expect(page.getByRole("status").filter({ hasText: "Your account is closed" })).toBeVisible();
      expect(await (await page.request.get("/api/session")).json()).toBeNull();
      await expectNoSeriousAxe(page, `the login page after closing at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`closed-landing-${width}.png`), fullPage: true });
      const statement = await latestMailTo(page.request, user.email, { subject: /final statement/i });
      expect(statement.text).toMatch(/Closing balance: +\$0\.00/);

      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByRole("alert")).toHaveText("This account is closed. Write to support if you need a copy of your records.");
      await expect(page).toHaveURL(/\/login/);
      await page.screenshot({ path: testInfo.outputPath(`login-refused-${width}.png`), fullPage: true });
    });
  }
});
