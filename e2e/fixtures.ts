import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, request as apiRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { freshWallet } from "../tests/helpers/wallets.js";
import { Authenticator, totpSecret } from "./totp.js";

export { expect };

export const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT) || 3100}`;
/** Strong enough for the password policy (length, not on the common-password list). */
export const PASSWORD = "Sturdy-Ledger-4821";

/** A fresh, made-up client address inside 10.0.0.0/8; only ever sent as a header, never contacted. */
export function randomClientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Every test gets its own client address. The server runs with TRUST_PROXY=1, so the rate limits
 * (per address: sign-in, sign-up, reset, and two-factor calls 3 per 10 s per endpoint) count each
 * test separately, while staying on so the rate-limit tests can see them.
 */
/** Console errors and uncaught exceptions of the pages the running test opened (its `page` and admin pages). */
const consoleErrors: string[] = [];
/** The refused requests the running test causes on purpose, which the browser logs as console errors. */
const expectedRefusals: Array<{ status: RefusalKind; path: string }> = [];
/** A status the server answered, a request the page aborted, or an answer the browser withheld from another origin (Cross-Origin-Resource-Policy). */
type RefusalKind = number | "aborted" | "blocked";

/** Records `page`'s console errors and uncaught exceptions against the running test. */
export function watchConsole(page: Page): void {
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
}

/**
 * The running test makes the server refuse a request to `path` (or aborts it) on purpose; the
 * browser logs that as a console error, which is then not a failure. Anything else still is.
 */
export function expectRefusedRequest(status: RefusalKind, path: string): void {
  expectedRefusals.push({ status, path });
}

function isExpectedRefusal(line: string): boolean {
  const match = /^Failed to load resource: (?:the server responded with a status of (\d+) |net::(ERR_FAILED|ERR_BLOCKED_BY_RESPONSE)).*\((https?:[^)]*)\)$/.exec(line);
  if (!match) return false;
  const status = match[1] ? Number(match[1]) : match[2] === "ERR_BLOCKED_BY_RESPONSE" ? "blocked" : "aborted";
  const path = new URL(match[3]!).pathname;
  return expectedRefusals.some((expected) => expected.status === status && path.startsWith(expected.path));
}

export const test = base.extend<{ clientIp: string; consoleClean: void }>({
  clientIp: async ({}, use) => {
    await use(randomClientIp());
  },
  page: async ({ page }, use) => {
    watchConsole(page);
    await use(page);
  },
  // Every journey fails on a console error or uncaught exception it did not cause on purpose.
  consoleClean: [
    async ({}, use) => {
      consoleErrors.length = 0;
      expectedRefusals.length = 0;
      await use();
      expect(consoleErrors.filter((line) => !isExpectedRefusal(line)), "console errors or uncaught exceptions in the page").toEqual([]);
    },
    { auto: true },
  ],
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

/**
 * Signs a user up through the API (the `request` context's cookies are not the page's) and, unless
 * `verified: false`, follows the link in the verification mail, as money moves only for verified
 * addresses. Sign-up opens no session.
 */
export async function createUser(request: APIRequestContext, user: Partial<NewUser> & { verified?: boolean } = {}): Promise<NewUser> {
  const created: NewUser = {
    name: user.name ?? "Ada Obi",
    email: user.email ?? uniqueEmail(),
    password: user.password ?? PASSWORD,
  };
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: created.name, email: created.email, password: created.password, acceptTerms: true, acceptRisk: true, callbackURL: "/login?verified=1" },
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), `sign-up of ${created.email} failed: ${await response.text()}`).toBe(200);
  if (user.verified !== false) await verifyEmail(request, created.email);
  return created;
}

/** The verification link from the newest mail to `email`. */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email, { subject: /confirm your e-mail/i });
  const link = mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
  expect(link, `no verification link in:\n${mail.text}`).toBeDefined();
  return link!;
}

/** Follows the mailed link as the user would; better-auth marks the address verified and redirects. */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  // Followed outside `request` (whose cookies the test may be using for someone else): not the
  // browser that signed up, so the link signs no one in (server/auth/verification-link-binding.ts),
  // and a user made here has no session until the test signs them in.
  const headers = { "X-Forwarded-For": randomClientIp(), Origin: BASE_URL };
  const response = await fetch(await verificationLink(request, email), { redirect: "manual", headers });
  expect(response.status, `verification of ${email}`).toBe(302);
  expect(response.headers.get("location")).toBe("/login?verified=1");
  expect(response.headers.getSetCookie(), `verification of ${email} opened a session`).toEqual([]);
}

/**
 * Signs in with the page's own request context, so the session cookie lands in the browser. With
 * `totp` (the account's authenticator), answers the two-factor step with a code not used yet.
 */
export async function signInViaApi(page: Page, email: string, password: string, totp?: Authenticator): Promise<void> {
  await signInRequest(page.request, email, password, totp);
}

export async function signInRequest(request: APIRequestContext, email: string, password: string, totp?: Authenticator): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email, password, rememberMe: true },
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), `sign-in of ${email} failed: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { twoFactorRedirect?: boolean };
  if (!body.twoFactorRedirect) return;
  expect(totp, `${email} has two-factor on; pass its authenticator`).toBeDefined();
  const verified = await request.post("/api/auth/two-factor/verify-totp", { data: { code: await totp!.nextCode() }, headers: { Origin: BASE_URL } });
  expect(verified.status(), `two-factor sign-in of ${email}: ${await verified.text()}`).toBe(200);
}

/**
 * Turns two-factor on for the signed-in `request` context, the way Settings does (enable with the
 * password, then confirm with the current step's code). Returns the authenticator, which knows
 * that code is used: the next one, for a sign-in, a payout or a change, is the next step's.
 */
export async function enrolTwoFactor(request: APIRequestContext, password: string = PASSWORD): Promise<Authenticator> {
  const enabled = await request.post("/api/auth/two-factor/enable", { data: { password }, headers: { Origin: BASE_URL } });
  expect(enabled.status(), `two-factor enable: ${await enabled.text()}`).toBe(200);
  const authenticator = new Authenticator(totpSecret(((await enabled.json()) as { totpURI: string }).totpURI));
  const confirmed = await request.post("/api/auth/two-factor/verify-totp", { data: { code: await authenticator.nextCode() }, headers: { Origin: BASE_URL } });
  expect(confirmed.status(), `two-factor confirm: ${await confirmed.text()}`).toBe(200);
  return authenticator;
}

/**
 * On the crypto deposit page already open: claims `dollars` in Bitcoin through the form, closes the
 * "Thanks!" dialog and returns the deposit's reference, which the back office lists it by.
 */
export async function claimCryptoDeposit(page: Page, dollars: string): Promise<string> {
  await page.getByLabel("Amount").fill(dollars);
  await page.getByLabel("Select Coin").selectOption("BTC");
  await page.getByRole("button", { name: "I've Sent the Funds" }).click();
  const thanks = page.getByRole("dialog", { name: "Thanks!" });
  const reference = (await thanks.locator("strong").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^TV-[A-Z0-9]{8}$/);
  await thanks.getByRole("button", { name: "OK" }).click();
  return reference;
}

/**
 * Has `admin` (an operator signed in with two-factor) approve the identity of the account signed in
 * on `user`, from the user's page (`POST /api/admin/users/:id/identity/approve`), unless it is
 * verified already: money leaves only verified accounts, and an unverified one deposits up to
 * KYC_UNVERIFIED_DEPOSIT_LIMIT_USD. `origin` is the server's PUBLIC_URL (a test's own server).
 */
export async function approveIdentity(user: APIRequestContext, admin: APIRequestContext, origin: string = BASE_URL): Promise<void> {
  const session = (await (await user.get("/api/session")).json()) as { user: { id: string } } | null;
  expect(session, "approveIdentity: nobody is signed in on the user's context").not.toBeNull();
  const id = session!.user.id;
  const detail = await admin.get(`/api/admin/users/${id}`);
  expect(detail.status(), await detail.text()).toBe(200);
  if (((await detail.json()) as { profile: { verificationLevel: string } }).profile.verificationLevel === "verified") return;
  const approved = await admin.post(`/api/admin/users/${id}/identity/approve`, { data: { reason: "Passport checked on a video call (end-to-end test)." }, headers: { Origin: origin } });
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * Funds an account through the real flow: its identity approved by the operator (approveIdentity),
 * then a crypto deposit the operator confirms in full. A large one (DEPOSIT_APPROVAL_USD) waits for
 * a second admin, `approver`, who approves it.
 */
export async function fund(user: APIRequestContext, admin: APIRequestContext, amountCents: number, approver?: APIRequestContext): Promise<void> {
  await approveIdentity(user, admin);
  const created = await user.post("/api/deposits", {
    data: { method: "crypto", amountCents, coin: "BTC" },
    headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const confirmed = await admin.post(`/api/admin/deposits/${id}/confirm`, { data: {}, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });
  if (confirmed.status() === 202 && approver) {
    const { pendingApproval } = (await confirmed.json()) as { pendingApproval: { id: string } };
    const approved = await approver.post(`/api/admin/approvals/${pendingApproval.id}/approve`, { data: {}, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });
    expect(approved.status(), await approved.text()).toBe(200);
    return;
  }
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The reference the bank page shows before the transfer; a bank deposit made through the API must quote it. */
export async function bankReference(user: APIRequestContext): Promise<string> {
  const response = await user.get("/api/deposits/bank-reference");
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { reference: string }).reference;
}

export interface Admin extends NewUser {
  totp: Authenticator;
}

/**
 * A new operator, signed in on `page`: signed up and verified, made an admin through the CLI, then
 * enrolled in two-factor authentication (the back office refuses admins without it).
 */
export async function signInNewAdmin(page: Page, name = "Olu Operator"): Promise<Admin> {
  const admin = await createUser(page.request, { name, email: uniqueEmail("admin") });
  grantAdmin(admin.email);
  await signInViaApi(page, admin.email, admin.password);
  return { ...admin, totp: await enrolTwoFactor(page.request) };
}

type Cookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];

/**
 * One account per worker, made and signed in once through the API and handed to every test that
 * asks for it as cookies: for the tests that only need someone signed in and change nothing that
 * another such test reads (no logout, no money). A session the server no longer knows (a test moved
 * the clock past it) is made again.
 */
function sharedAccount(make: (request: APIRequestContext) => Promise<NewUser>) {
  let made: Promise<{ user: NewUser; cookies: Cookies }> | undefined;
  const build = async () => {
    const request = await apiRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() } });
    try {
      const user = await make(request);
      return { user, cookies: (await request.storageState()).cookies };
    } finally {
      await request.dispose();
    }
  };
  return async (page: Page): Promise<NewUser> => {
    made ??= build();
    let account = await made.catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    await page.context().addCookies(account.cookies);
    if ((await (await page.request.get("/api/session")).json()) === null) {
      await page.context().clearCookies();
      made = build();
      account = await made;
      await page.context().addCookies(account.cookies);
    }
    return account.user;
  };
}

/** Signs `page` in as this worker's plain investor (verified, no money, never changed by a test). */
export const signInSharedInvestor = sharedAccount(async (request) => {
  const user = await createUser(request, { name: "Ada Axe" });
  await signInRequest(request, user.email, user.password);
  return user;
});

/** Signs `page` in as this worker's operator (an admin with two-factor on, signed in with it). */
const signInSharedAdmin = sharedAccount(async (request) => {
  const admin = await createUser(request, { name: "Olu Operator", email: uniqueEmail("admin") });
  grantAdmin(admin.email);
  await signInRequest(request, admin.email, admin.password);
  await enrolTwoFactor(request);
  return admin;
});

/**
 * A second browser with its own client address (so its two-factor calls have their own limits),
 * signed in as an operator: this worker's shared one, or with `name` or `fresh`, a new admin of its
 * own (for the tests that need two different admins, or see the admin's name).
 */
export async function newAdminPage(browser: Browser, options: { width?: number; name?: string; fresh?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: options.width ?? 1280, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  const page = await context.newPage();
  watchConsole(page);
  if (options.name || options.fresh) await signInNewAdmin(page, options.name);
  else await signInSharedAdmin(page);
  return page;
}

/** Signs `page` in as this worker's shared operator (see newAdminPage). */
export async function signInAdmin(page: Page): Promise<void> {
  await signInSharedAdmin(page);
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  [key: string]: unknown;
}

/**
 * Polls the development outbox until a message to `email` (with a matching subject, when given)
 * arrives; returns the newest. Mail is queued and sent by a background job, so it can take a moment.
 */
export async function latestMailTo(request: APIRequestContext, email: string, options: { subject?: RegExp; timeoutMs?: number } = {}): Promise<OutboxMessage> {
  let latest: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail/messages.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return 0;
        const body = (await response.json()) as { messages: OutboxMessage[] };
        const matching = body.messages.filter((message) => !options.subject || options.subject.test(message.subject));
        latest = matching[0];
        return matching.length;
      },
      { message: `no mail to ${email}${options.subject ? ` matching ${options.subject}` : ""} arrived`, timeout: options.timeoutMs ?? 15_000 },
    )
    .toBeGreaterThan(0);
  return latest!;
}

/** How many messages to `email` the outbox holds (optionally with a matching subject). */
export async function mailCount(request: APIRequestContext, email: string, subject?: RegExp): Promise<number> {
  const response = await request.get(`/dev/mail/messages.json?to=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages.filter((message) => !subject || subject.test(message.subject)).length;
}

const ADDRESS_MAIL = /confirm your new withdrawal address/i;

/** The confirmation link in the newest withdrawal-address mail to `email` (dev outbox), once there are more than `after` of them. */
export async function withdrawalAddressLink(request: APIRequestContext, email: string, after = 0): Promise<string> {
  await expect.poll(() => mailCount(request, email, ADDRESS_MAIL), { message: `no withdrawal-address mail to ${email}`, timeout: 15_000 }).toBeGreaterThan(after);
  const mail = await latestMailTo(request, email, { subject: ADDRESS_MAIL });
  return confirmLinkIn(mail.text);
}

/** The link to the confirm page in a withdrawal-address mail's text. */
export function confirmLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/dashboard\/settings\/withdrawal-addresses\/confirm\?token=\S+/)?.[0];
  expect(link, `no confirmation link in:\n${text}`).toBeDefined();
  return link!;
}

/**
 * Puts `address` (a fresh one by default) on the withdrawal list of the account signed in on
 * `request`: added through the API (with `totp`'s next code when two-factor is on) and confirmed
 * with the token of the mailed link, as the confirm page does. The e2e servers run with
 * WITHDRAWAL_ADDRESS_DELAY_HOURS=0, so it is usable at once. `origin` is the server's PUBLIC_URL
 * (a test's own server); `readLink` reads the mail where there is no dev outbox (an SMTP capture).
 */
export async function listWallet(
  request: APIRequestContext,
  options: { address?: string; label?: string; totp?: Authenticator; origin?: string; readLink?: (email: string) => Promise<string> } = {},
): Promise<string> {
  const address = options.address ?? freshWallet();
  const origin = { Origin: options.origin ?? BASE_URL };
  const { user } = (await (await request.get("/api/session")).json()) as { user: { email: string } };
  const before = options.readLink ? 0 : await mailCount(request, user.email, ADDRESS_MAIL);
  const twoFactorCode = options.totp ? await options.totp.nextCode() : undefined;
  const added = await request.post("/api/me/withdrawal-addresses", { data: { address, label: options.label ?? "My wallet", twoFactorCode }, headers: origin });
  expect(added.status(), `adding ${address}: ${await added.text()}`).toBe(201);
  const link = options.readLink ? await options.readLink(user.email) : await withdrawalAddressLink(request, user.email, before);
  const token = new URL(link).searchParams.get("token");
  const confirmed = await request.post("/api/me/withdrawal-addresses/confirm", { data: { token }, headers: origin });
  expect(confirmed.status(), `confirming ${address}: ${await confirmed.text()}`).toBe(200);
  expect(((await confirmed.json()) as { status: string }).status, "WITHDRAWAL_ADDRESS_DELAY_HOURS is 0 on e2e servers").toBe("usable");
  return address;
}

/**
 * Public pages arrive pre-rendered and React hydrates them a moment after load. Typing into a
 * form before that would go to plain HTML, so tests that fill forms wait for hydration first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * Logout in the dashboard's sidebar. The app moves to /login and then loads it as a page of its
 * own; this waits for that page's form, hydrated, so a navigation the test starts next is not
 * aborted by the load still under way.
 */
export async function logOut(page: Page) {
  await page.getByRole("complementary", { name: "Dashboard" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login`);
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  await waitForHydration(page);
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

/** No serious or critical axe violation on the page as it is now; a failure quotes axe's own report. */
export async function expectNoSeriousAxe(page: Page, where: string): Promise<void> {
  // A button mid-transition (disabled to enabled after hydration) has a colour between the two,
  // which axe would measure: scan the page once its finite transitions end (a spinner never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
  expect(blocking.map((violation) => violation.id), `axe found on ${where}:\n${report}`).toEqual([]);
}

/** How far the page scrolls sideways (0 or less means none). */
export async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The page as it is now, resized to `width`: no sideways scrolling and no serious or critical axe
 * violation. A journey walked once checks its screens at the other width with this.
 */
export async function expectFits(page: Page, width: number, where: string): Promise<void> {
  await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 900 });
  expect(await overflow(page), `sideways scroll on ${where} at ${width} px`).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(page, `${where} at ${width} px`);
}

/** A field's accessible description starts with its error and goes on with its hint: match the start. */
export const startsWith = (sentence: string) => new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
