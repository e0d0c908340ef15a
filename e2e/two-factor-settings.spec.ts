import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, PASSWORD, createUser, enrolTwoFactor, expect, expectNoSeriousAxe, overflow, signInViaApi, test, startsWith, visit, expectRefusedRequest } from "./fixtures.js";
import { enrolInSettings, freshPage, logInWithPassword, panel } from "./two-factor-helpers.js";

const WRONG_PASSWORD = "Your password is not correct.";

/*
 * Once two-factor is on, new backup codes and turning it off take the password and a current code,
 * which is then used up like any other. Each test enrols (the current step's code) and makes one
 * change with the next step's code, so none waits for the clock.
 */
test.describe("changing two-factor in Settings", () => {
  test("the panel fits a phone; new backup codes take the password and a code, which a wrong password does not use up", async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await freshPage(browser, 375);
    const user = await createUser(page.request, { name: "Ife Bello" });
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard/settings");
    const { authenticator, backupCodes } = await enrolInSettings(page, { axe: true });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const twoFactor = panel(page);
    await twoFactor.getByRole("button", { name: "Regenerate backup codes" }).click();
    const regenerate = twoFactor.getByRole("form", { name: "Regenerate backup codes" });
    const password = regenerate.getByLabel("Current password");
    const code = regenerate.getByLabel("Authentication code");
    await expect(password).toBeFocused();
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    // A backup code works too, and has letters: no numeric keypad.
    await expect(code).not.toHaveAttribute("inputmode", "numeric");
    await regenerate.getByRole("button", { name: "Make new codes" }).click();
    await expect(password).toHaveAccessibleDescription("Enter your current password.");
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.secondFactorCodeRequired));
    await expect(password).toBeFocused();

    // The password is checked first: a wrong one leaves the code unused.
    const fresh = await authenticator.nextCode();
    await password.fill("Not-My-Password-1");
    await code.fill(fresh);
    await regenerate.getByRole("button", { name: "Make new codes" }).click();
    await expect(password).toHaveAccessibleDescription(WRONG_PASSWORD);
    await expect(code).not.toHaveAttribute("aria-invalid", "true");
    await expect(password).toBeFocused();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(page, "the regenerate prompt with a refused password");

    await password.fill(PASSWORD);
    await regenerate.getByRole("button", { name: "Make new codes" }).click();
    const renewed = twoFactor.getByTestId("backup-codes").getByRole("listitem");
    await expect(renewed).toHaveCount(10);
    const renewedCodes = (await renewed.allInnerTexts()).map((text) => text.trim());
    expect(renewedCodes.filter((backupCode) => backupCodes.includes(backupCode))).toEqual([]);
    await twoFactor.getByRole("button", { name: "I have saved them" }).click();

    // That code is spent now: turning off with it is refused, and two-factor stays on.
    await twoFactor.getByRole("button", { name: "Turn off" }).click();
    const off = twoFactor.getByRole("form", { name: "Turn off two-factor authentication" });
    await off.getByLabel("Current password").fill(PASSWORD);
    await off.getByLabel("Authentication code").fill(fresh);
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(off.getByLabel("Authentication code")).toHaveAccessibleDescription(startsWith(MESSAGES.twoFactorCodeUsed));
    await expect(off.getByLabel("Authentication code")).toBeFocused();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await off.getByRole("button", { name: "Cancel" }).click();
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On");
    await page.context().close();
  });

  test("turning it off takes the password and a current code; a used code and a wrong password are refused", async ({ page, request, browser }) => {
    expectRefusedRequest(400, "/api/auth/two-factor/disable");
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Bayo Off" });
    await signInViaApi(page, user.email, user.password);
    const authenticator = await enrolTwoFactor(page.request);
    await visit(page, "/dashboard/settings");

    const twoFactor = panel(page);
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On");
    await twoFactor.getByRole("button", { name: "Turn off" }).click();
    const off = twoFactor.getByRole("form", { name: "Turn off two-factor authentication" });
    const password = off.getByLabel("Current password");
    const code = off.getByLabel("Authentication code");
    await expect(password).toBeFocused();
    await expect(off.getByText("Enter your password and the code your authenticator app shows now, or one of your backup codes.")).toBeVisible();

    // The code that turned it on is still current, but used.
    await password.fill(PASSWORD);
    await code.fill(await authenticator.lastCode());
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(code).toHaveAccessibleDescription(startsWith(MESSAGES.twoFactorCodeUsed));
    await expectNoSeriousAxe(page, "the turn-off prompt with a used code");

    const fresh = await authenticator.nextCode();
    await password.fill("Not-My-Password-1");
    await code.fill(fresh);
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(password).toHaveAccessibleDescription(WRONG_PASSWORD);
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On");

    await password.fill(PASSWORD);
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(twoFactor.getByText("Two-factor authentication is off.")).toBeVisible();
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("Off");

    // The password alone signs in again.
    const other = await freshPage(browser);
    await logInWithPassword(other, user);
    await expect(other).toHaveURL(`${BASE_URL}/dashboard`);
    await other.context().close();
  });
});
