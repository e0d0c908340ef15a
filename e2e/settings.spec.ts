import { BASE_URL, PASSWORD, createUser, expect, expectNoSeriousAxe, overflow, randomClientIp, signInRequest, signInViaApi, test, visit, expectRefusedRequest } from "./fixtures.js";

/** Two other browsers, told apart in the list by their User-Agent. */
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

test.describe("settings", () => {
  test("a user renames themselves, changes their password and sees their sessions", async ({ page, request }) => {
    expectRefusedRequest(400, "/api/auth/change-password");
    const user = await createUser(request, { name: "Ngozi Eze" });
    // A session in another "browser" (the request context) besides the page's. Changing the password must end it.
    const other = await request.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password }, headers: { Origin: BASE_URL } });
    expect(other.status()).toBe(200);
    await signInViaApi(page, user.email, user.password);

    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    const sessions = page.getByRole("region", { name: "Active sessions" });
    await expect(sessions.getByText("This device")).toBeVisible();
    await expect(sessions.getByRole("button", { name: /^Sign out (?!all other)/ })).toHaveCount(1);

    await page.getByLabel("Display name").fill("Ngozi A. Eze");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name has been saved.")).toBeVisible();
    await expect(page.getByTestId("display-name")).toHaveText("Ngozi A. Eze");

    await page.getByLabel("Current password").fill("Not-My-Password-1");
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-Ledger-77");
    await page.getByLabel("Confirm new password").fill("Brand-New-Ledger-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed. Your other sessions were signed out.")).toBeVisible();
    await expect(sessions.getByRole("button", { name: /^Sign out (?!all other)/ })).toHaveCount(0);

    const session = await request.get("/api/session");
    expect(await session.json()).toBeNull();
    const relogin = await request.post("/api/auth/sign-in/email", { data: { email: user.email, password: "Brand-New-Ledger-77" }, headers: { Origin: BASE_URL } });
    expect(relogin.status()).toBe(200);
  });

  test("signing one or all other sessions out takes the current password", async ({ page, request, playwright }) => {
    expectRefusedRequest(400, "/api/auth/revoke-session");
    const user = await createUser(request, { name: "Sola Sessions" });
    const browserAt = async (userAgent: string) => {
      const context = await playwright.request.newContext({ baseURL: BASE_URL, userAgent, extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() } });
      await signInRequest(context, user.email, user.password);
      return context;
    };
    const firefox = await browserAt(FIREFOX);
    const iphone = await browserAt(IPHONE);
    const signedIn = async (context: typeof request) => (await (await context.get("/api/session")).json()) !== null;
    await signInViaApi(page, user.email, user.password);

    // (The server refuses without the password whatever the page does: tests/two-factor.test.ts.)
    await visit(page, "/dashboard/settings");
    const sessions = page.getByRole("region", { name: "Active sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(3);
    await sessions.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
    const one = sessions.getByRole("form", { name: "Sign out Firefox on Windows" });
    const password = one.getByLabel("Current password");
    await expect(password).toBeFocused();
    // Signing out needs no authenticator code.
    await expect(one.getByLabel("Authentication code")).toHaveCount(0);
    await one.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(password).toHaveAccessibleDescription("Enter your current password.");

    await password.fill("Not-My-Password-1");
    await one.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(password).toHaveAccessibleDescription("Your password is not correct.");
    await expect(password).toBeFocused();
    await expectNoSeriousAxe(page, "the sign-out prompt with a refused password");
    expect(await signedIn(firefox)).toBe(true);

    await password.fill(PASSWORD);
    await one.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(sessions.getByRole("status")).toHaveText("Firefox on Windows was signed out.");
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    expect(await signedIn(firefox)).toBe(false);
    expect(await signedIn(iphone)).toBe(true);

    // All the others at once, at phone width.
    await page.setViewportSize({ width: 375, height: 800 });
    await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
    const others = sessions.getByRole("form", { name: "Sign out all other sessions" });
    await expect(others.getByLabel("Current password")).toBeFocused();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await others.getByLabel("Current password").fill(PASSWORD);
    await others.getByRole("button", { name: "Sign out others" }).click();
    await expect(sessions.getByRole("status")).toHaveText("Your other sessions were signed out.");
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByText("This device")).toBeVisible();
    await expect(sessions.getByRole("button", { name: "Sign out all other sessions" })).toHaveCount(0);
    expect(await signedIn(iphone)).toBe(false);
    expect(await signedIn(page.request)).toBe(true);
    await firefox.dispose();
    await iphone.dispose();
  });
});
