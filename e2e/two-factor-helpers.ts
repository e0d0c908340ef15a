import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, PASSWORD, expect, expectNoSeriousAxe, randomClientIp, visit, type NewUser } from "./fixtures.js";
import { Authenticator, totpSecret } from "./totp.js";

/** What the two-factor specs share: the Settings panel, enrolling there, logging in, a fresh browser. */

export function panel(page: Page) {
  return page.getByRole("region", { name: "Two-factor authentication" });
}

/**
 * Settings → Two-factor authentication → Turn on, as a person does it, confirming with the current
 * step's code; returns the authenticator made from the key read from the page.
 */
export async function enrolInSettings(page: Page, options: { axe?: boolean } = {}): Promise<{ authenticator: Authenticator; backupCodes: string[] }> {
  const twoFactor = panel(page);
  await expect(twoFactor.getByTestId("two-factor-status")).toContainText("Off");
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  const prompt = twoFactor.getByRole("form", { name: "Turn on two-factor authentication" });
  await expect(prompt.getByLabel("Current password")).toBeFocused();
  // Turning on takes the password only: there is no code yet.
  await expect(prompt.getByLabel("Authentication code")).toHaveCount(0);
  await prompt.getByLabel("Current password").fill(PASSWORD);
  await prompt.getByRole("button", { name: "Continue" }).click();

  // The QR code is drawn in the page (a data: URL, nothing fetched), next to the key to type.
  const qr = twoFactor.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
  const key = (await twoFactor.getByTestId("totp-key").innerText()).trim();
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);
  const authenticator = new Authenticator(totpSecret(key));
  const code = twoFactor.getByLabel("Authentication code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  if (options.axe) await expectNoSeriousAxe(page, "the scan step");

  // A wrong code is refused and nothing is turned on.
  await code.fill("12345");
  await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(twoFactor.getByText(MESSAGES.twoFactorCodeRequired)).toBeVisible();
  await code.fill(await authenticator.nextCode());
  await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();

  // Ten backup codes, shown once, with a download made in the browser.
  const codes = twoFactor.getByTestId("backup-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(twoFactor.getByText("they will not be shown again.")).toBeVisible();
  await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On");
  const backupCodes = (await codes.allInnerTexts()).map((text) => text.trim());
  expect(new Set(backupCodes).size).toBe(10);
  if (options.axe) await expectNoSeriousAxe(page, "the backup codes");

  const [download] = await Promise.all([page.waitForEvent("download"), twoFactor.getByRole("button", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("termvest-backup-codes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const backupCode of backupCodes) expect(file).toContain(backupCode);

  await twoFactor.getByRole("button", { name: "I have saved them" }).click();
  await expect(twoFactor.getByTestId("backup-codes")).toHaveCount(0);
  await expect(twoFactor.getByRole("button", { name: "Regenerate backup codes" })).toBeVisible();
  return { authenticator, backupCodes };
}

export async function logInWithPassword(page: Page, user: NewUser) {
  await visit(page, "/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log In" }).click();
}

/** A fresh browser with its own client address and no cookies (no trusted-device cookie either). */
export async function freshPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() } });
  return context.newPage();
}

