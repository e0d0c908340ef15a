import { randomBytes, randomInt } from "node:crypto";
import { execFileSync } from "node:child_process";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export { expect };

export const BASE_URL = "http://localhost:3100";
/** Strong enough for the password policy (length, not on the common-password list). */
export const PASSWORD = "Sturdy-Ledger-4821";

/** A fresh, made-up client address inside 10.0.0.0/8; only ever sent as a header, never contacted. */
export function randomClientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Every test gets its own client address. The server runs with TRUST_PROXY=1, so the rate limits
 * (sign-in 5/min, sign-up 5/10 min, reset 3/10 min per address) count each test separately, while
 * staying on so the rate-limit test can see them.
 */
export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(randomClientIp());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
  },
  // Spelled out so the API context surely carries the same base URL and client address as the page.
  request: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    await use(request);
    await request.dispose();
  },
});

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/** Signs a user up through the API (the `request` context's cookies are not the page's). */
export async function createUser(request: APIRequestContext, user: Partial<NewUser> = {}): Promise<NewUser> {
  const created: NewUser = {
    name: user.name ?? "Ada Obi",
    email: user.email ?? uniqueEmail(),
    password: user.password ?? PASSWORD,
  };
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: created.name, email: created.email, password: created.password },
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), `sign-up of ${created.email} failed: ${await response.text()}`).toBe(200);
  return created;
}

/** Signs in with the page's own request context, so the session cookie lands in the browser. */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password, rememberMe: true },
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), `sign-in of ${email} failed: ${await response.text()}`).toBe(200);
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  [key: string]: unknown;
}

/** Polls the development outbox until a message to `email` arrives; returns the newest. */
export async function latestMailTo(request: APIRequestContext, email: string, timeoutMs = 10_000): Promise<OutboxMessage> {
  let latest: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail/messages.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return 0;
        const body = (await response.json()) as { messages: OutboxMessage[] };
        latest = body.messages[0];
        return body.messages.length;
      },
      { message: `no mail to ${email} arrived`, timeout: timeoutMs },
    )
    .toBeGreaterThan(0);
  return latest!;
}

/**
 * Public pages arrive pre-rendered and React hydrates them a moment after load. Typing into a
 * form before that would go to plain HTML, so tests that fill forms wait for hydration first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** page.goto, then waits until the app is interactive. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** Makes an account an admin through the operator CLI, which reaches the running e2e server (playwright.config.ts) over its control socket. */
export function grantAdmin(email: string) {
  execFileSync("node", ["dist/server/cli/admin.js", "grant", email], { env: { ...process.env, DATA_DIR: ".tmp/e2e-data" }, stdio: "pipe" });
}

/** One of the six dashboard balance cards, by its label. */
export function card(page: Page, label: string) {
  return page.getByRole("list", { name: "Balances" }).getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) });
}

/** How far the page scrolls sideways (0 or less means none). */
export async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
