import type { Page, Request } from "@playwright/test";
import { BASE_URL, expect, test, uniqueEmail } from "./fixtures.js";

/** Easy to spot in any URL, header or log line. */
const SECRET = "Pre-Hydration-Secret-7719";

interface FormCase {
  path: string;
  fields: Array<[label: string, value: string]>;
  submit: string;
}

const FORMS: FormCase[] = [
  { path: "/login", fields: [["Email", "ada@example.com"], ["Password", SECRET]], submit: "Log In" },
  {
    path: "/signup",
    fields: [["Full name", "Ada Obi"], ["Email", "ada@example.com"], ["Password", SECRET], ["Confirm password", SECRET]],
    submit: "Sign Up",
  },
  { path: "/forgot-password", fields: [["Email", "ada@example.com"]], submit: "Send Reset Link" },
  { path: "/reset-password?token=pre-hydration-token", fields: [["New password", SECRET], ["Confirm new password", SECRET]], submit: "Set new password" },
  { path: "/contact", fields: [["Name", "Ada Obi"], ["Email", "ada@example.com"], ["Message", SECRET]], submit: "Send Message" },
];

/**
 * A pre-rendered form filled in and submitted before the page's script runs
 * (a slow phone) must not be sent by the browser itself, least of all as GET with the password in
 * the URL. With JavaScript off, the page stays exactly what the server rendered.
 */
test.describe("pre-rendered forms before hydration", () => {
  test.use({ javaScriptEnabled: false });

  for (const form of FORMS) {
    test(`${form.path.split("?")[0]}: Enter and a click send nothing`, async ({ page }) => {
      const requests: Request[] = [];
      const email = uniqueEmail("prehydration");
      const response = await page.goto(form.path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html[data-hydrated=true]")).toHaveCount(0);
      page.on("request", (request) => requests.push(request));

      const element = page.getByRole("main").locator("form");
      await expect(element).toHaveAttribute("method", "post");
      const button = page.getByRole("button", { name: form.submit });
      await expect(button).toBeDisabled();

      for (const [label, value] of form.fields) await page.getByLabel(label, { exact: true }).fill(label === "Email" ? email : value);
      const last = form.fields.at(-1)![0];
      await page.getByLabel(last, { exact: true }).press("Enter");
      await page.getByLabel(form.fields[0]![0], { exact: true }).press("Enter");
      // force: a real click on a disabled button, which the browser ignores.
      await button.click({ force: true });
      await page.waitForTimeout(750);

      await expectStayed(page, form.path, requests);
    });
  }
});

async function expectStayed(page: Page, path: string, requests: Request[]) {
  expect(page.url()).toBe(`${BASE_URL}${path}`);
  expect(requests.map((request) => `${request.method()} ${request.url()}`), "the browser sent nothing").toEqual([]);
  for (const request of requests) expect(request.url()).not.toContain(SECRET);
  // Nothing typed reached the address bar or the history either.
  expect(page.url()).not.toContain(SECRET);
  expect(page.url()).not.toContain(encodeURIComponent(SECRET));
}
