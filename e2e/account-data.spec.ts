import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, enrolTwoFactor, expect, expectFits, expectNoSeriousAxe, expectRefusedRequest, latestMailTo, signInViaApi, test, visit } from "./fixtures.js";

/** Settings → Your data, opened at `width`. */
async function yourData(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await visit(page, "/dashboard/settings");
  const region = page.getByRole("region", { name: "Your data" });
  await expect(region).toBeVisible();
  return region;
}

test.describe("your data", () => {
  test("download my data: a JSON file of the account", async ({ page, request }) => {
    const user = await createUser(request, { name: "Dami Download" });
    await signInViaApi(page, user.email, user.password);
    const region = await yourData(page, 1280);
    await expectFits(page, 375, "settings with your data");
    await expectFits(page, 1280, "settings with your data");

    const [download] = await Promise.all([page.waitForEvent("download"), region.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^termvest-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data).toMatchObject({ format: "termvest-account-data", profile: { email: user.email, name: "Dami Download", closedAt: null }, deposits: [], ledger: { postings: [] } });
    expect(data.sessions.length).toBeGreaterThan(0);
  });

  test("closing is refused with the reason while a deposit waits, and a wrong password is said on its field", async ({ page }) => {
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
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await (await page.request.get("/api/session")).json()).not.toBeNull();
  });

  // On a phone with two-factor on (the dialog asks for the code too); the dialog also fits 1280 px.
  test("close an account at zero: signed out, the login refuses it", async ({ page }) => {
    expectRefusedRequest(403, "/api/auth/sign-in/email");
    const user = await createUser(page.request, { name: "Cleo Closer" });
    await signInViaApi(page, user.email, user.password);
    const authenticator = await enrolTwoFactor(page.request);

    const region = await yourData(page, 375);
    await region.getByRole("button", { name: "Close my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Close your account" });
    await expect(dialog.getByText("What we keep:")).toBeVisible();
    await expectFits(page, 1280, "the close dialog");
    await expectFits(page, 375, "the close dialog");

    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByLabel("Authentication code").fill(await authenticator.nextCode());
    await dialog.getByRole("button", { name: "Close my account" }).click();

    await expect(page).toHaveURL(/\/login\?closed=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Your account is closed" })).toBeVisible();
    expect(await (await page.request.get("/api/session")).json()).toBeNull();
    await expectNoSeriousAxe(page, "the login page after closing at 375 px");
    const statement = await latestMailTo(page.request, user.email, { subject: /final statement/i });
    expect(statement.text).toMatch(/Closing balance: +\$0\.00/);

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toHaveText("This account is closed. Write to support if you need a copy of your records.");
    await expect(page).toHaveURL(/\/login/);
  });
});
