import { BASE_URL, PASSWORD, createUser, expect, signInViaApi, test } from "./fixtures.js";

test.describe("settings", () => {
  test("a user renames themselves, changes their password and sees their sessions", async ({ page, request }) => {
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

    const session = await request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
    const relogin = await request.post("/api/auth/sign-in/email", { data: { email: user.email, password: "Brand-New-Ledger-77" }, headers: { Origin: BASE_URL } });
    expect(relogin.status()).toBe(200);
  });
});
