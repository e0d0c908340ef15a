import { createUser, expect, signInViaApi, test, visit, BASE_URL, PASSWORD, uniqueEmail } from "./fixtures.js";

const PAGES: Array<[string, string]> = [
  ["/", "Fixed-term plans with the return shown before you invest"],
  ["/about", "About Us"],
  ["/plan", "Our Plans"],
  ["/blog", "Blog"],
  ["/blog/how-our-plans-work", "How our fixed-term plans work"],
  ["/contact", "Contact Us"],
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
  ["/risk", "Risk Disclosure"],
];

test.describe("pre-rendered public pages", () => {
  for (const [path, heading] of PAGES) {
    test(`${path} holds its heading, title and description before any script runs`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toMatch(/<title>[^<]+ · Termvest<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{10,}"/);
    });
  }

  test("pages and scripts go as brotli to a browser that takes it, gzip to one that takes only that: the same page", async () => {
    // Node's fetch asks for exactly the given codings, decodes what comes, and keeps the header.
    const sent = async (path: string, encoding: string) => {
      const response = await fetch(new URL(path, BASE_URL), { headers: { "Accept-Encoding": encoding } });
      return { coding: response.headers.get("content-encoding"), text: await response.text() };
    };
    const brotli = await sent("/", "gzip, deflate, br, zstd");
    const gzip = await sent("/", "gzip, deflate");
    const plain = await sent("/", "identity");
    expect([brotli.coding, gzip.coding, plain.coding]).toEqual(["br", "gzip", null]);
    expect(brotli.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(plain.text)?.[1];
    expect(script).toBeDefined();
    const [brotliScript, gzipScript] = [await sent(script!, "br"), await sent(script!, "gzip")];
    expect([brotliScript.coding, gzipScript.coding]).toEqual(["br", "gzip"]);
    expect(brotliScript.text).toBe(gzipScript.text);
  });

  test("a page asked for with a trailing slash moves to its address, query kept, and shows itself", async ({ page, request }) => {
    const response = await request.get("/about/?from=mail", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/about?from=mail");
    await visit(page, "/plan/");
    await expect(page).toHaveURL(/\/plan$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Plans" })).toBeVisible();
  });

  // Each page is loaded once and the window resized: the layout follows the width as it changes.
  test("each page renders in the browser at 375, 768 and 1280 px without horizontal scrolling", async ({ page }) => {
    for (const [path, heading] of PAGES) {
      await page.setViewportSize({ width: 375, height: 900 });
      await visit(page, path);
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});

test.describe("profit calculator", () => {
  test("shows profit, total and term from the real plan terms", async ({ page }) => {
    await visit(page, "/");
    const plan = page.getByLabel("Plan");
    const amount = page.getByLabel("Amount (USD)");

    await plan.selectOption({ label: "Premium (15%, 30 days)" });
    await amount.fill("5,000.55");
    await expect(page.getByTestId("calculator-profit")).toHaveText("$750.08");
    await expect(page.getByTestId("calculator-total")).toHaveText("$5,750.63");
    await expect(page.getByTestId("calculator-term")).toHaveText("30 days");

    await plan.selectOption({ label: "Pro (20%, 45 days)" });
    await amount.fill("123456.78");
    await expect(page.getByTestId("calculator-profit")).toHaveText("$24,691.36");
    await expect(page.getByTestId("calculator-total")).toHaveText("$148,148.14");
  });

  test("says Invalid amount for text, zero and negatives, and names the minimum", async ({ page }) => {
    await visit(page, "/");
    const amount = page.getByLabel("Amount (USD)");
    for (const value of ["abc", "0", "-5"]) {
      await amount.fill(value);
      await expect(page.getByTestId("calculator-error")).toHaveText("Invalid amount");
    }
    await page.getByLabel("Plan").selectOption({ label: "Elite (18%, 40 days)" });
    await amount.fill("9999.99");
    await expect(page.getByTestId("calculator-error")).toHaveText("The minimum for Elite is $10,000.");
    await expect(page.getByRole("link", { name: "Read the risk disclosure" }).first()).toHaveAttribute("href", "/risk");
  });
});

test.describe("home page", () => {
  test("shows live figures and the recent deposits section (empty state or masked rows)", async ({ page }) => {
    await visit(page, "/");
    // Investor and investment counts appear only from PUBLIC_STATS_MIN up (e2e/trust.spec.ts checks they never show less).
    await expect(page.getByText(/5 plans open/)).toBeVisible();
    // Other specs confirm deposits on the shared server; the empty state itself is covered on a fresh database in tests/public.test.ts.
    await expect(page.getByTestId("recent-deposits-empty").or(page.getByRole("table", { name: "Latest confirmed deposits" })).filter({ visible: true })).toBeVisible();
  });
});

test.describe("referral link", () => {
  test("leads a visitor to sign-up", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Get Your Referral Link" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/signup`);
  });

  test("shows and copies a signed-in user's link, and a sign-up through it is recorded", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const referrer = await createUser(request);
    await signInViaApi(page, referrer.email, referrer.password);
    await visit(page, "/");
    await page.getByRole("button", { name: "Get Your Referral Link" }).click();
    const field = page.getByLabel("Your referral link");
    await expect(field).toHaveValue(new RegExp(`^${BASE_URL}/signup\\?ref=[A-Z0-9]{8}$`));
    await page.getByRole("button", { name: "Copy Link" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    const link = await field.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A friend signs up through the link in a fresh browser context.
    const friend = await context.browser()!.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "X-Forwarded-For": "10.99.1.1" } });
    const friendPage = await friend.newPage();
    await friendPage.goto(link);
    await friendPage.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    const email = uniqueEmail("friend");
    const signUpCall = friendPage.waitForRequest((req) => req.url().endsWith("/api/auth/sign-up/email"));
    await friendPage.getByLabel("Full name").fill("Friend Referred");
    await friendPage.getByLabel("Email").fill(email);
    await friendPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await friendPage.getByLabel("Confirm password").fill(PASSWORD);
    await friendPage.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
    await friendPage.getByRole("checkbox", { name: /I have read the Risk Disclosure/ }).check();
    await friendPage.getByRole("button", { name: "Sign Up" }).click();
    expect((await signUpCall).postDataJSON().ref).toBe(new URL(link).searchParams.get("ref"));
    await expect(friendPage).toHaveURL(`${BASE_URL}/check-email`);
    await friend.close();
  });
});

test.describe("blog and legal pages", () => {
  test("the blog lists posts and opens one; the footer reaches every legal page", async ({ page }) => {
    await visit(page, "/blog");
    await page.getByRole("link", { name: "How our fixed-term plans work" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "How our fixed-term plans work" })).toBeVisible();
    await expect(page).toHaveTitle("How our fixed-term plans work · Termvest");

    for (const [label, heading] of [["Terms of Service", "Terms of Service"], ["Privacy Policy", "Privacy Policy"], ["Risk Disclosure", "Risk Disclosure"]]) {
      await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: label }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });
});
