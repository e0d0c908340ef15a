import type { Page } from "@playwright/test";
import { MESSAGES } from "../shared/schemas/auth.js";
import { BASE_URL, PASSWORD, expect, expectNoSeriousAxe, overflow, test, uniqueEmail, verificationLink, visit, expectRefusedRequest } from "./fixtures.js";

/** Trust: who runs the site, the operator's pages, plan rates, home counts, and sign-up consent. */

const WIDTHS = [375, 1280] as const;

async function fillSignup(page: Page, values: { name: string; email: string; password: string }) {
  await page.getByLabel("Full name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm password").fill(values.password);
}

const termsBox = (page: Page) => page.getByRole("checkbox", { name: /I accept the Terms of Service/ });
const riskBox = (page: Page) => page.getByRole("checkbox", { name: /I have read the Risk Disclosure/ });

/** The element an input's aria-describedby points to holds `text`. */
async function expectDescribedBy(page: Page, input: ReturnType<Page["getByRole"]>, text: string) {
  const ids = (await input.getAttribute("aria-describedby")) ?? "";
  expect(ids, "aria-describedby").not.toBe("");
  const described = await Promise.all(ids.split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(described.join(" ")).toContain(text);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the footer and the legal pages name the operator; each legal page shows its version and date", async ({ page }) => {
      await visit(page, "/");
      const footer = page.getByRole("contentinfo");
      const operator = footer.getByTestId("operator-details");
      await expect(operator).toContainText("Operated by Example Operator Ltd, registration number RC 0000000, registered office: 1 Example Street, Lagos, Nigeria.");
      await expect(operator).toContainText("Not regulated by any financial authority.");
      await expect(operator).toContainText("These company details are examples");

      await footer.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Terms of Service" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/terms`);
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      await expect(page.getByTestId("page-version")).toHaveText("Last changed 24 November 2026 · Version 1");
      await expect(page.getByRole("main").getByTestId("operator-details")).toContainText("Operated by Example Operator Ltd");
      const article = page.getByRole("article");
      await expect(article).not.toContainText("content/legal");
      await expect(article).not.toContainText("named in the footer");
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Reached directly (pre-rendered) too.
      await visit(page, "/risk");
      await expect(page.getByTestId("page-version")).toContainText("Version 1");
      await expectNoSeriousAxe(page, "/risk");
    });

    test("a plan shows its annual equivalent and links to how returns are generated, marked as the example it is outside production", async ({ page }) => {
      await visit(page, "/plan");
      const standard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Standard" }) });
      await expect(standard).toContainText("10%");
      await expect(standard.getByTestId("annual-rate")).toHaveText("(≈ 260% a year)");
      await expect(page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Pro" }) }).getByTestId("annual-rate")).toHaveText("(≈ 162% a year)");
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await standard.getByRole("link", { name: "How are these returns generated?" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/how-returns-work`);
      await expect(page.getByRole("heading", { level: 1, name: "How returns work" })).toBeVisible();
      // The text shipped with the software: shown outside production, marked so (a production server calls it unpublished and takes no investment).
      await expect(page.getByTestId("example-page")).toContainText("This is an example text shipped with the software, not the operator's own.");
      await expectNoSeriousAxe(page, "/how-returns-work");

      // The pre-rendered page says the same, without instructions meant for the operator.
      const html = await (await page.request.get("/how-returns-work")).text();
      expect(html).toContain("This is an example text shipped with the software");
      expect(html).not.toContain("content/pages");
    });

    test("sign-up needs both consents, lands on /check-email, and the link signs the new user in", async ({ page, request }) => {
      const email = uniqueEmail(`consent-${width}`);
      await visit(page, "/signup");
      await fillSignup(page, { name: "Amaka Consent", email, password: PASSWORD });
      let sent = false;
      page.on("request", (req) => {
        if (req.url().endsWith("/api/auth/sign-up/email")) sent = true;
      });
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(termsBox(page)).toHaveAttribute("aria-invalid", "true");
      await expectDescribedBy(page, termsBox(page), MESSAGES.termsRequired);
      await expectDescribedBy(page, riskBox(page), MESSAGES.riskRequired);
      await expect(termsBox(page)).toBeFocused();
      expect(sent).toBe(false);

      await termsBox(page).check();
      await riskBox(page).check();
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/check-email`);
      await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
      await expect(page.getByTestId("check-email-address")).toHaveText(email);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await page.goto(await verificationLink(request, email));
      await expect(page).toHaveURL(`${BASE_URL}/dashboard?verified=1`);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome, Amaka Consent" })).toBeVisible();
      await expect(page.getByTestId("verify-email")).toHaveCount(0);
    });
  });
}

test.describe("at 1280 px", () => {
  test("the home hero never shows a count below the operator's minimum", async ({ page }) => {
    await visit(page, "/");
    const hero = page.locator("dl").first();
    await expect(hero).toContainText("5 plans open");
    await expect(hero).toHaveAttribute("aria-busy", "false");
    for (const text of await hero.locator("dd").allTextContents()) {
      const match = /^([\d,]+) (investors?|investments?)/.exec(text.trim());
      if (match) expect(Number(match[1]!.replace(/,/g, "")), text).toBeGreaterThanOrEqual(50);
    }
    await expect(hero).not.toContainText(/\b0 investors/);
  });

  test("a password the server refuses is explained under the password field", async ({ page }) => {
    expectRefusedRequest(400, "/api/auth/sign-up/email");
    await visit(page, "/signup");
    await fillSignup(page, { name: "Tunde Weak", email: uniqueEmail("weak"), password: "password123" });
    await termsBox(page).check();
    await riskBox(page).check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectDescribedBy(page, password, MESSAGES.passwordTooCommon);
    await expect(password).toBeFocused();
    // Said once, under the field, not repeated at the top.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page).toHaveURL(`${BASE_URL}/signup`);
  });
});
