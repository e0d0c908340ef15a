import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { MESSAGES } from "../shared/schemas/auth.js";
import {
  BASE_URL,
  PASSWORD,
  createUser,
  enrolTwoFactor,
  expect,
  fund,
  grantAdmin,
  newAdminPage,
  randomClientIp,
  serverClockOffset,
  signInViaApi,
  test,
  uniqueEmail,
  visit,
  type NewUser,
} from "./fixtures.js";
import { freshTotpCode, totpSecret } from "./totp.js";

const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** Where the screenshots of the two-factor screens go (looked at by hand; .tmp/ is not committed). */
const SHOTS = ".tmp/screenshots";

async function expectNoSeriousAxe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), where).toEqual([]);
}

function panel(page: Page) {
  return page.getByRole("region", { name: "Two-factor authentication" });
}

/** Settings → Two-factor authentication → Turn on, as a person does it; returns the secret read from the page. */
async function enrolInSettings(page: Page, options: { shots?: string } = {}): Promise<{ secret: Uint8Array; backupCodes: string[] }> {
  const twoFactor = panel(page);
  await expect(twoFactor.getByTestId("two-factor-status")).toContainText("Off");
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  const prompt = twoFactor.getByRole("form", { name: "Turn on two-factor authentication" });
  await expect(prompt.getByLabel("Current password")).toBeFocused();
  await prompt.getByLabel("Current password").fill(PASSWORD);
  await prompt.getByRole("button", { name: "Continue" }).click();

  // The QR code is drawn in the page (a data: URL, nothing fetched), next to the key to type.
  const qr = twoFactor.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
  const key = (await twoFactor.getByTestId("totp-key").innerText()).trim();
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);
  const secret = totpSecret(key);
  const code = twoFactor.getByLabel("Authentication code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  if (options.shots) await page.screenshot({ path: `${SHOTS}/${options.shots}-scan.png`, fullPage: true });
  if (options.shots) await expectNoSeriousAxe(page, "the scan step");

  // A wrong code is refused and nothing is turned on.
  await code.fill("12345");
  await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(twoFactor.getByText(MESSAGES.twoFactorCodeRequired)).toBeVisible();
  await code.fill(await freshTotpCode(secret));
  await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();

  // Ten backup codes, shown once, with a download made in the browser.
  const codes = twoFactor.getByTestId("backup-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(twoFactor.getByText("they will not be shown again.")).toBeVisible();
  await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On");
  const backupCodes = (await codes.allInnerTexts()).map((text) => text.trim());
  expect(new Set(backupCodes).size).toBe(10);
  if (options.shots) await page.screenshot({ path: `${SHOTS}/${options.shots}-backup-codes.png`, fullPage: true });
  if (options.shots) await expectNoSeriousAxe(page, "the backup codes");

  const [download] = await Promise.all([page.waitForEvent("download"), twoFactor.getByRole("button", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("termvest-backup-codes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const backupCode of backupCodes) expect(file).toContain(backupCode);

  await twoFactor.getByRole("button", { name: "I have saved them" }).click();
  await expect(twoFactor.getByTestId("backup-codes")).toHaveCount(0);
  await expect(twoFactor.getByRole("button", { name: "Regenerate backup codes" })).toBeVisible();
  return { secret, backupCodes };
}

async function logInWithPassword(page: Page, user: NewUser) {
  await visit(page, "/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log In" }).click();
}

/** A fresh browser with its own client address and no cookies (no trusted-device cookie either). */
async function freshPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() } });
  return context.newPage();
}

test.describe("two-factor authentication", () => {
  test("a user turns it on in Settings, then signs in with a code, a trusted device and a backup code", async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, { name: "Tomi Ade" });
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard/settings");
    const { secret, backupCodes } = await enrolInSettings(page, { shots: "settings-1280" });

    // Signing in now asks for the code after the password.
    await page.getByRole("complementary", { name: "Dashboard" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await logInWithPassword(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    expect(await (await page.request.get("/api/auth/get-session")).json(), "no session before the code").toBeNull();
    await page.screenshot({ path: `${SHOTS}/code-step-1280.png`, fullPage: true });
    await expectNoSeriousAxe(page, "the code step");

    await code.fill("000000" === (await freshTotpCode(secret)) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.twoFactorCodeInvalid);
    await code.fill(await freshTotpCode(secret));
    await page.getByRole("checkbox", { name: "Trust this device for 30 days" }).check();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Tomi Ade" })).toBeVisible();

    // This browser is trusted now: the password alone signs in.
    await page.getByRole("complementary", { name: "Dashboard" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await logInWithPassword(page, user);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);

    // Another browser, at phone width: a backup code instead of the app, once only.
    const phone = await freshPage(browser, 375);
    await logInWithPassword(phone, user);
    await expect(phone.getByLabel("Authentication code")).toBeVisible();
    await phone.screenshot({ path: `${SHOTS}/code-step-375.png`, fullPage: true });
    await phone.getByRole("button", { name: "Use a backup code instead" }).click();
    const backup = phone.getByLabel("Backup code");
    await expect(backup).toBeFocused();
    await backup.fill(backupCodes[0]!);
    await phone.getByRole("button", { name: "Verify" }).click();
    await expect(phone).toHaveURL(`${BASE_URL}/dashboard`);
    await phone.context().close();

    const again = await freshPage(browser);
    await logInWithPassword(again, user);
    await again.getByRole("button", { name: "Use a backup code instead" }).click();
    await again.getByLabel("Backup code").fill(backupCodes[0]!);
    await again.getByRole("button", { name: "Verify" }).click();
    await expect(again.getByRole("alert")).toHaveText("That backup code is not valid or has already been used.");
    await expect(again).toHaveURL(`${BASE_URL}/login`);
    await again.context().close();
  });

  test("the panel fits a phone, makes new backup codes and turns off with the password", async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await freshPage(browser, 375);
    const user = await createUser(page.request, { name: "Ife Bello" });
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard/settings");
    const { backupCodes } = await enrolInSettings(page, { shots: "settings-375" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const twoFactor = panel(page);
    await twoFactor.getByRole("button", { name: "Regenerate backup codes" }).click();
    const regenerate = twoFactor.getByRole("form", { name: "Regenerate backup codes" });
    await regenerate.getByLabel("Current password").fill("Not-My-Password-1");
    await regenerate.getByRole("button", { name: "Make new codes" }).click();
    await expect(regenerate.getByRole("alert")).toHaveText("Your password is not correct.");
    await regenerate.getByLabel("Current password").fill(PASSWORD);
    await regenerate.getByRole("button", { name: "Make new codes" }).click();
    const fresh = twoFactor.getByTestId("backup-codes").getByRole("listitem");
    await expect(fresh).toHaveCount(10);
    const renewed = (await fresh.allInnerTexts()).map((text) => text.trim());
    expect(renewed.filter((code) => backupCodes.includes(code))).toEqual([]);
    await twoFactor.getByRole("button", { name: "I have saved them" }).click();

    await twoFactor.getByRole("button", { name: "Turn off" }).click();
    const off = twoFactor.getByRole("form", { name: "Turn off two-factor authentication" });
    await off.getByLabel("Current password").fill(PASSWORD);
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(twoFactor.getByText("Two-factor authentication is off.")).toBeVisible();
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("Off");

    // The password alone signs in again.
    const other = await freshPage(browser);
    await logInWithPassword(other, user);
    await expect(other).toHaveURL(`${BASE_URL}/dashboard`);
    await other.context().close();
    await page.context().close();
  });

  test("an admin without two-factor reaches only Settings, enrols there, and loses the back office when it is turned off", async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await createUser(request, { name: "Olu Operator", email: uniqueEmail("admin") });
    grantAdmin(admin.email);
    await signInViaApi(page, admin.email, admin.password);

    // Every admin API call is refused until a second factor is verified.
    const refused = await page.request.get("/api/admin/deposits");
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TWO_FACTOR_REQUIRED");

    for (const path of ["/dashboard/admin/deposits", "/dashboard"]) {
      await visit(page, path);
      await expect(page.getByTestId("two-factor-required")).toHaveText("Turn on two-factor authentication to use the back office.");
    }
    await expect(page.getByRole("heading", { level: 1, name: "Pending deposits" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/settings`);
    await expect(panel(page).getByText("Administrators must turn this on to use the back office.")).toBeVisible();
    await enrolInSettings(page);

    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Deposits" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pending deposits" })).toBeVisible();

    // Turned off elsewhere (another tab): the next admin call is refused and the screen explains why.
    const disabled = await page.request.post("/api/auth/two-factor/disable", { data: { password: PASSWORD }, headers: { Origin: BASE_URL } });
    expect(disabled.status(), await disabled.text()).toBe(200);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Payouts" }).click();
    await expect(page.getByTestId("two-factor-required").first()).toHaveText("Turn on two-factor authentication to use the back office.");
    await expect(page.getByRole("link", { name: "Go to Settings" }).first()).toBeVisible();
  });

  test("with two-factor on, a withdrawal needs the current authenticator code, and a code approves one withdrawal", async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Kemi Payout" });
    await signInViaApi(page, user.email, user.password);
    const secret = await enrolTwoFactor(page.request);
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 50_000);
    await admin.context().close();

    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await visit(page, "/dashboard/transaction");
    const form = page.getByRole("region", { name: "Transaction Details" });
    const code = form.getByLabel("Authentication code");
    // A transfer to another user needs no code; a withdrawal to a wallet does.
    await form.getByLabel("Recipient (email or wallet address)").fill("someone@example.com");
    await expect(code).toHaveCount(0);
    await form.getByLabel("Recipient (email or wallet address)").fill(ADDRESS);
    await form.getByLabel("Amount", { exact: true }).fill("25");
    await form.getByLabel("Wallet address", { exact: true }).fill(ADDRESS);
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");

    const confirm = form.getByRole("button", { name: "Confirm Transaction" });
    await confirm.click();
    await expect(code).toHaveAccessibleDescription(/^Enter the 6-digit code from your authenticator app\./);
    await expect(code).toBeFocused();

    const offset = await serverClockOffset(request);
    const current = await freshTotpCode(secret, offset);
    await code.fill(current === "000000" ? "111111" : "000000");
    await confirm.click();
    await expect(form.getByText(MESSAGES.twoFactorCodeInvalid)).toBeVisible();
    await expect(code).toBeFocused();

    await code.fill(current);
    await confirm.click();
    await expect.poll(() => alerts).toContain("Transaction confirmed!");
    await expect(page.getByTestId("transaction-outcome")).toContainText("$25.00");
    await expect(page.getByTestId("available-to-send")).toContainText("$475.00");

    // The same code again: refused, nothing more held.
    await form.getByLabel("Recipient (email or wallet address)").fill(ADDRESS);
    await form.getByLabel("Amount", { exact: true }).fill("30");
    await form.getByLabel("Wallet address", { exact: true }).fill(ADDRESS);
    await code.fill(current);
    await confirm.click();
    await expect(form.getByText(MESSAGES.twoFactorCodeInvalid)).toBeVisible();
    await expect(page.getByTestId("available-to-send")).toContainText("$475.00");
  });
});
