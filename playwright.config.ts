import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./e2e/chromium-flags.js";

/** E2E_PORT lets several checkouts run the suite side by side. */
const PORT = Number(process.env.E2E_PORT) || 3100;
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = ".tmp/e2e-data";
/** The tests that move the shared server's clock (POST /dev/clock) carry this tag. */
const CLOCK_MOVING = /@clock/;

/**
 * Debian's Chromium (no browser download here): its headless shell when installed (decision 0068),
 * else the full browser, else Playwright's own.
 */
const executablePath =
  process.env.CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  // A journey's whole budget; every step still fails on its own after the expect timeout below. On a
  // machine running two workers, the server and Chromium on two slow cores, the longest journeys
  // (deposits confirmed and rejected, every public page at three widths) took 31 s of 30.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test (about a fifth of the suite's time here, BENCHMARKS.md),
    // so only a retried test records one: CI retries once. Locally, `--trace retain-on-failure`.
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  },
  // The tests that move the shared server's clock (fifteen days: every unconfirmed deposit claim
  // on the server expires, every active investment matures) run after every other test, one after
  // the other, so no test's pending claim expires under it (a flake seen whenever they overlapped
  // another spec's deposit).
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, grepInvert: CLOCK_MOVING },
    { name: "clock", use: { ...devices["Desktop Chrome"] }, grep: CLOCK_MOVING, dependencies: ["chromium"], workers: 1 },
  ],
  webServer: {
    // A fresh embedded database every run; `npm test` has already built dist/.
    command: `node -e "require('fs').rmSync('${DATA_DIR}',{recursive:true,force:true})" && node dist/server/main.js`,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      TRUST_PROXY: "1",
      NODE_ENV: "test",
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      // Rate limits stay on: every test sends its own client address (e2e/fixtures.ts).
      RATE_LIMIT: "1",
      // The embedded database and the development outbox (read by the verification and reset-mail tests),
      // served at /dev/mail only when DEV_MAIL is on.
      DATABASE_URL: "",
      SMTP_URL: "",
      DEV_MAIL: "on",
      // A confirmed withdrawal address is usable at once here; the delay itself is tested in
      // vitest with a moved clock (tests/withdrawal-addresses.test.ts).
      WITHDRAWAL_ADDRESS_DELAY_HOURS: "0",
    },
  },
});
