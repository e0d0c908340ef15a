import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, PASSWORD, createUser, enrolTwoFactor, expect, expectNoSeriousAxe, fund, grantAdmin, listWallet, logOut, newAdminPage, signInViaApi, test, uniqueEmail, startsWith, visit, expectRefusedRequest } from "./fixtures.js";
import { enrolInSettings, freshPage, logInWithPassword, panel } from "./two-factor-helpers.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/** A payable address of this file's own: four eyes counts the payouts to one address over 24 hours. */
const ADDRESS = freshWallet();

/** A field's description starting with `sentence` (its error comes before its hint). */

/*
 * A code works once, for anything, and is accepted one 30-second step early: each test enrols with
 * the current step's code and uses the next step's for the one thing after it (e2e/totp.ts), so no
 * test waits for the clock. Changing two-factor in Settings: two-factor-settings.spec.ts.
 */
test.describe("two-factor authentication", () => {
  test("a user turns it on in Settings, then signs in with a code (once only), a trusted device and a backup code", async ({ page, request, browser }) => {
    expectRefusedRequest(401, "/api/auth/two-factor/verify-totp");
    test.setTimeout(120_000);
    const user = await createUser(request, { name: "Tomi Ade" });
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard/settings");
    const { authenticator, backupCodes } = await enrolInSettings(page, { axe: true });

    // Signing in now asks for the code after the password.
    await logOut(page);
    await logInWithPassword(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    expect(await (await page.request.get("/api/session")).json(), "no session before the code").toBeNull();
    await expectNoSeriousAxe(page, "the code step");

    await code.fill(await authenticator.wrongCode());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.twoFactorCodeInvalid);
    // The enrolment used the current step's code: the next step's signs in.
    const signInCode = await authenticator.nextCode();
    await code.fill(signInCode);
    await page.getByRole("checkbox", { name: "Trust this device for 30 days" }).check();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Tomi Ade" })).toBeVisible();

    // This browser is trusted now: the password alone signs in.
    await logOut(page);
    await logInWithPassword(page, user);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);

    // Another browser, at phone width: the code that just signed in is refused there, as used.
    const phone = await freshPage(browser, 375);
    await logInWithPassword(phone, user);
    const phoneCode = phone.getByLabel("Authentication code");
    await expect(phoneCode).toBeFocused();
    await phoneCode.fill(signInCode);
    await phone.getByRole("button", { name: "Verify" }).click();
    await expect(phone.getByRole("alert")).toHaveText(MESSAGES.twoFactorCodeUsed);
    await expect(phoneCode).toBeFocused();
    expect(await (await phone.request.get("/api/session")).json(), "no session from a used code").toBeNull();
    await expectNoSeriousAxe(phone, "the code step, a used code refused");

    // A backup code instead of the app, once only.
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

  test("an admin without two-factor reaches only Settings, enrols there, and loses the back office when it is turned off", async ({ page, request }) => {
    expectRefusedRequest(403, "/api/admin/");
    test.setTimeout(90_000);
    const admin = await createUser(request, { name: "Olu Operator", email: uniqueEmail("admin") });
    grantAdmin(admin.email);
    await signInViaApi(page, admin.email, admin.password);

    // Every admin API call is refused until a second factor is verified (tests/admin.test.ts); the screens say so.
    for (const path of ["/dashboard/admin/deposits", "/dashboard"]) {
      await visit(page, path);
      await expect(page.getByTestId("two-factor-required")).toHaveText("Turn on two-factor authentication to use the back office.");
    }
    await expect(page.getByRole("heading", { level: 1, name: "Deposits" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/settings`);
    await expect(panel(page).getByText("Administrators must turn this on to use the back office.")).toBeVisible();
    const { authenticator } = await enrolInSettings(page);

    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Deposits" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deposits" })).toBeVisible();

    // Turned off elsewhere (another tab), with the password and a current code: the next admin call
    // is refused and the screen explains why.
    const disabled = await page.request.post("/api/auth/two-factor/disable", {
      data: { password: PASSWORD, code: await authenticator.nextCode() },
      headers: { Origin: BASE_URL },
    });
    expect(disabled.status(), await disabled.text()).toBe(200);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Payouts" }).click();
    await expect(page.getByTestId("two-factor-required").first()).toHaveText("Turn on two-factor authentication to use the back office.");
    await expect(page.getByRole("link", { name: "Go to Settings" }).first()).toBeVisible();
  });

  test("with two-factor on, a withdrawal or a transfer needs a code not used before, and a code approves one movement", async ({ page, request, browser }) => {
    expectRefusedRequest(400, "/api/payouts");
    expectRefusedRequest("aborted", "/api/payouts");
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Kemi Payout" });
    await signInViaApi(page, user.email, user.password);
    // Listed before two-factor is on, so no code is spent on it (adding an address asks for one then).
    await listWallet(page.request, { address: ADDRESS });
    const authenticator = await enrolTwoFactor(page.request);
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 50_000);
    await admin.context().close();

    await visit(page, "/dashboard/transaction");
    const form = page.getByRole("region", { name: "Transaction Details" });
    const review = page.getByRole("dialog");
    const code = review.getByLabel("Authentication code");
    const confirm = review.getByRole("button", { name: "Confirm and send" });
    const fillWithdrawal = async (amount: string) => {
      await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
      await form.getByLabel("Recipient (wallet address)", { exact: true }).selectOption(ADDRESS);
      await form.getByLabel("Amount", { exact: true }).fill(amount);
      await form.getByRole("button", { name: "Confirm Transaction" }).click();
    };
    // A transfer to another user is money leaving too: its review asks for the code the same way.
    const receiver = await createUser(request, { name: "Bola Receiver" });
    await form.getByLabel("Recipient (email)", { exact: true }).fill(receiver.email);
    await form.getByLabel("Amount", { exact: true }).fill("1");
    await form.getByRole("button", { name: "Confirm Transaction" }).click();
    await expect(review).toContainText("Bola Receiver");
    await expect(code).toBeFocused();
    await review.getByRole("button", { name: "Back" }).click();

    // A withdrawal's review asks for the code last, and starts there.
    await fillWithdrawal("25");
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");

    await confirm.click();
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.secondFactorCodeRequired));
    await expect(code).toBeFocused();

    await code.fill(await authenticator.wrongCode());
    await confirm.click();
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.secondFactorCodeInvalid));
    await expect(code).toBeFocused();

    // The code that turned two-factor on is spent, though still current.
    await code.fill(await authenticator.lastCode());
    await confirm.click();
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.twoFactorCodeUsed));
    await expect(code).toBeFocused();

    const next = await authenticator.nextCode();
    await code.fill(next);
    await confirm.click();
    await expect(page.getByTestId("transaction-outcome")).toContainText("Withdrawal requested: $25.00 is held from your Main Balance");
    await expect(page.getByTestId("available-to-send")).toContainText("$475.00");

    // The same code again: refused as used, nothing more held.
    await fillWithdrawal("30");
    await code.fill(next);
    await confirm.click();
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.twoFactorCodeUsed));
    await expect(page.getByTestId("available-to-send")).toContainText("$475.00");

    // The answer to a good code is lost on its way back: the server has held the money, the browser saw an error.
    await page.route("**/api/payouts", async (route) => {
      await route.fetch();
      await route.abort("failed");
    }, { times: 1 });
    const fresh = await authenticator.nextCode();
    await code.fill(fresh);
    await confirm.click();
    await expect(review.getByRole("alert")).toHaveText("Could not reach the server. Check your connection and try again.");
    // Confirming the same review again is the same withdrawal, whatever code it carries (the code
    // proves who asks; it is not part of the withdrawal): answered with the first, held once.
    await code.fill(await authenticator.wrongCode());
    await confirm.click();
    await expect(page.getByTestId("transaction-outcome")).toContainText("Withdrawal requested: $30.00 is held from your Main Balance");
    await expect(page.getByTestId("available-to-send")).toContainText("$445.00");
    const { items: payouts } = (await (await page.request.get("/api/payouts")).json()) as { items: Array<{ amountCents: number }> };
    expect(payouts.map((row) => row.amountCents).sort()).toEqual([2_500, 3_000]);
  });
});
