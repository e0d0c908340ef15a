import type { Page } from "@playwright/test";
import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, PASSWORD, createUser, expect, latestMailTo, logOut, verificationLink, visit, signInViaApi, test, uniqueEmail, waitForHydration, expectRefusedRequest } from "./fixtures.js";

const BAD_CREDENTIALS = "Incorrect email or password";

async function fillSignup(page: Page, values: { name: string; email: string; password: string; confirm: string }) {
  await page.getByLabel("Full name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm password").fill(values.confirm);
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  await page.getByRole("checkbox", { name: /I have read the Risk Disclosure/ }).check();
}

async function fillLogin(page: Page, email: string, password: string, rememberMe = false) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: "Remember Me" }).setChecked(rememberMe);
}

/** Clicks "Log In" and waits for the sign-in call to be answered; returns its status. */
async function submitLogin(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith("/api/auth/sign-in/email") && res.request().method() === "POST"),
    page.getByRole("button", { name: "Log In" }).click(),
  ]);
  return response.status();
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name.includes("session_token"));
  expect(cookie, `no session cookie among ${cookies.map((c) => c.name).join(", ") || "(none)"}`).toBeDefined();
  return cookie!;
}

test.describe("sign up, log in, log out", () => {
  test("a new user signs up, logs in, verifies the address, sees the dashboard and logs out", async ({ page, request }) => {
    const name = "Chidi Okafor";
    const email = uniqueEmail("signup");

    await visit(page, "/signup");
    await fillSignup(page, { name, email, password: PASSWORD, confirm: PASSWORD });
    await page.getByRole("button", { name: "Sign Up" }).click();

    // Sign-up opens no session: the user is told where the link went, and may log in meanwhile.
    await expect(page).toHaveURL(`${BASE_URL}/check-email`);
    await expect(page.getByTestId("check-email-address")).toHaveText(email);
    expect(await (await page.request.get("/api/session")).json()).toBeNull();

    await visit(page, "/login");
    await fillLogin(page, email, PASSWORD, true);
    await page.getByRole("button", { name: "Log In" }).click();

    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await expect(page.getByTestId("display-name")).toHaveText(name);
    // Remember Me checked: the session cookie outlives the browser session.
    expect((await sessionCookie(page)).expires).toBeGreaterThan(Date.now() / 1000 + 24 * 60 * 60);

    // Until the link is followed, the dashboard says so. The link ends on /login, which sends a
    // signed-in user on to the dashboard, with the notice.
    const banner = page.getByTestId("verify-email");
    await expect(banner).toContainText(MESSAGES.emailNotVerified(email));
    await page.goto(await verificationLink(request, email));
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?verified=1`);
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is verified." })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await expect(banner).toHaveCount(0);

    await logOut(page);

    // The dashboard sends a signed-out visitor on with a page load of its own, which may come
    // before this one's load event: wait only for the response, then for where it ends.
    await page.goto("/dashboard", { waitUntil: "commit" });
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("sign-up refuses a mismatched confirmation, and answers a taken address like a new one", async ({ page, request }) => {
    const existing = await createUser(request, { name: "Existing Person" });

    await visit(page, "/signup");
    await fillSignup(page, { name: "Ngozi Eze", email: uniqueEmail("mismatch"), password: PASSWORD, confirm: `${PASSWORD}x` });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(`${BASE_URL}/signup`);

    // Nothing tells a visitor the address has an account; its owner hears of the attempt by e-mail.
    await fillSignup(page, { name: "Ngozi Eze", email: existing.email, password: PASSWORD, confirm: PASSWORD });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/check-email`);
    await expect(page.getByTestId("check-email-address")).toHaveText(existing.email);
    await latestMailTo(request, existing.email, { subject: /someone tried to sign up/i });
  });

  test("a wrong password and an unknown e-mail get the same message", async ({ page, request }) => {
    expectRefusedRequest(401, "/api/auth/sign-in/email");
    const user = await createUser(request);

    await visit(page, "/login");
    await fillLogin(page, user.email, "Wrong-Ledger-9999");
    expect(await submitLogin(page)).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(BAD_CREDENTIALS);

    await fillLogin(page, uniqueEmail("nobody"), PASSWORD);
    expect(await submitLogin(page)).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(BAD_CREDENTIALS);
    await expect(page).toHaveURL(`${BASE_URL}/login`);
  });

  test("a signed-out visit to a dashboard page lands on /login", async ({ page }) => {
    await page.goto("/dashboard/settings", { waitUntil: "commit" });
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("a user who is not an admin is sent from /dashboard/admin to /", async ({ page, request }) => {
    const user = await createUser(request);
    await signInViaApi(page, user.email, user.password);
    await page.goto("/dashboard/admin", { waitUntil: "commit" });
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole("heading", { name: "Back office" })).toHaveCount(0);
  });
});

test.describe("password reset", () => {
  test("a user resets a forgotten password with the e-mailed link", async ({ page, request }) => {
    expectRefusedRequest(401, "/api/auth/sign-in/email");
    const user = await createUser(request, { name: "Reset Person" });
    const newPassword = "Fresh-Harbour-7304";

    await visit(page, "/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toHaveText("Password reset email sent! Check your inbox.");

    // An unknown address gets the very same answer (no account enumeration).
    await visit(page, "/forgot-password");
    await page.getByLabel("Email").fill(uniqueEmail("unknown"));
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toHaveText("Password reset email sent! Check your inbox.");

    const mail = await latestMailTo(request, user.email, { subject: /reset your password/i });
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    expect(link, `no link in the reset mail:\n${mail.text}`).toBeDefined();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=[^&]+/);
    await waitForHydration(page);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.getByText("Your password has been changed. Please log in with the new one.")).toBeVisible();

    await fillLogin(page, user.email, user.password);
    expect(await submitLogin(page)).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(BAD_CREDENTIALS);

    await fillLogin(page, user.email, newPassword, false);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Reset Person" })).toBeVisible();
    // Remember Me unchecked: the session cookie ends with the browser session.
    expect((await sessionCookie(page)).expires).toBe(-1);

    // The old password stays refused, whichever way it is sent.
    const old = await request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password, rememberMe: false },
      headers: { Origin: BASE_URL },
    });
    expect(old.status()).toBe(401);
  });
});
