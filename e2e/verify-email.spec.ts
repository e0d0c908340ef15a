import type { APIRequestContext } from "@playwright/test";
import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, createUser, expect, expectNoSeriousAxe, mailCount, signInViaApi, test, verificationLink, visit, expectRefusedRequest } from "./fixtures.js";

const VERIFY_SUBJECT = /confirm your e-mail/i;

test.describe("verified e-mail before money moves", () => {
  test("an unverified user is told on the dashboard and in a money form, resends the link, follows it, then deposits", async ({ page, request }) => {
    expectRefusedRequest(403, "/api/deposits");
    test.setTimeout(60_000);
    const user = await createUser(request, { name: "Bayo Unverified", verified: false });
    await signInViaApi(page, user.email, user.password);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });

    await visit(page, "/dashboard");
    const banner = page.getByTestId("verify-email").first();
    await expect(banner).toContainText(MESSAGES.emailNotVerified(user.email));

    // A deposit is refused with the server's sentence and the way out, instead of the generic failure alert.
    await visit(page, "/dashboard/transfer/crypto");
    const form = page.getByRole("form", { name: "Transfer with Crypto" });
    await form.getByLabel("Amount").fill("100");
    await form.getByLabel("Select Coin").selectOption({ label: "Bitcoin" });
    await form.getByRole("button", { name: "I've Sent the Funds" }).click();
    const notice = form.getByTestId("verify-email");
    await expect(notice).toContainText(MESSAGES.emailNotVerified(user.email));
    expect(dialogs).toEqual([]);
    await expectNoSeriousAxe(page, "the crypto form refused to an unverified address");

    // Resend: the link goes out again and the button rests.
    const before = await mailCount(request, user.email, VERIFY_SUBJECT);
    await notice.getByRole("button", { name: "Resend link" }).click();
    await expect(notice.getByRole("status")).toHaveText(MESSAGES.verificationSent);
    await expect(notice.getByRole("button", { name: /^Resend link \(\d+ s\)$/ })).toBeDisabled();
    await expect.poll(() => mailCount(request, user.email, VERIFY_SUBJECT)).toBe(before + 1);

    // The resent link lands on the dashboard, which says so and drops the banner.
    const link = await verificationLink(request, user.email);
    expect(decodeURIComponent(link)).toContain("callbackURL=/dashboard?verified=1");
    await page.goto(link);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?verified=1`);
    await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
    await expect(page.getByTestId("verify-email")).toHaveCount(0);

    await visit(page, "/dashboard/transfer/crypto");
    await form.getByLabel("Amount").fill("100");
    await form.getByLabel("Select Coin").selectOption({ label: "Bitcoin" });
    await form.getByRole("button", { name: "I've Sent the Funds" }).click();
    await expect(page.getByRole("dialog", { name: "Thanks!" })).toBeVisible();
  });

  test("a used or broken verification link says so", async ({ page, request }) => {
    const user = await createUser(request, { verified: false });
    const link = await verificationLink(request, user.email);
    const broken = link.replace(/token=[^&]+/, "token=not-a-token");
    await page.goto(broken);
    await expect(page).toHaveURL(/\/login\?verified=1&error=/);
    await expect(page.getByRole("alert")).toContainText("This verification link is invalid or has expired.");
  });
});

/*
 * The link signs in only the browser that signed up (server/auth/verification-link-binding.ts):
 * sent to someone else, it must not sign their browser into the sender's account (login CSRF).
 */
test.describe("a link followed on another browser", () => {
  test("verifies the address, signs no one in, and says so on the login page", async ({ page, request }) => {
    // Signed up through `request`, whose cookies are not the page's: the page is another browser.
    const sender = await createUser(request, { verified: false });
    await page.goto(await signUpLink(request, sender.email));
    await expect(page).toHaveURL(`${BASE_URL}/login?verified=1`);
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is verified." })).toBeVisible();
    expect(await (await page.request.get("/api/session")).json()).toBeNull();
  });

  test("leaves a signed-in browser in its own account", async ({ page, request }) => {
    const sender = await createUser(request, { verified: false });
    const victim = await createUser(request, { name: "Ngozi Own", verified: false });
    await signInViaApi(page, victim.email, victim.password);
    await page.goto(await signUpLink(request, sender.email));
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?verified=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ngozi Own" })).toBeVisible();
    // The verified address was the sender's, so the victim's dashboard claims nothing for theirs.
    await expect(page.getByTestId("verify-email")).toContainText(MESSAGES.emailNotVerified(victim.email));
    await expect(page.getByText("Your e-mail address is verified.")).toHaveCount(0);
  });
});

/** The sign-up mail's link, which lands on the dashboard (as the sign-up page asks) when it signs in. */
async function signUpLink(request: APIRequestContext, email: string): Promise<string> {
  const link = new URL(await verificationLink(request, email));
  link.searchParams.set("callbackURL", "/dashboard?verified=1");
  return link.toString();
}
