import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { AdjustableClock } from "#server/clock.js";
import type { DatabaseHandle } from "#server/db/client.js";
import { loadConfig, type Config } from "#server/env.js";
import { createLogger } from "#server/logger.js";
import type { Mailer } from "#server/mail/mailer.js";
import { startServer, type RunningServer } from "#server/server.js";
import { freePort } from "./free-port.js";
import { HttpClient } from "./http-client.js";
import { CapturingMailer } from "./mailer.js";

export { freePort };

export interface TestServer extends RunningServer {
  config: Config;
  mailer: CapturingMailer;
  /**
   * The server's clock; `clock.advance(ms)` moves time without settling anything by itself: a test
   * server has no cron schedules (a minute's turn would settle what a test was about to settle).
   */
  clock: AdjustableClock;
  /** Every log line the server wrote, for checks that nothing secret is logged. */
  logs: string[];
  client(ip?: string): HttpClient;
}

export { OPERATOR_ENV } from "./operator-env.js";

/** The real server on a free port, over a database the caller owns, with mail captured and logs kept. */
/**
 * `sendThrough` replaces the capturing mailer as the one the server sends with (a real SMTP client,
 * say); `withSchedules` starts it as production does, with its cron schedules.
 */
export async function startTestServer(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  { sendThrough, withSchedules = false }: { sendThrough?: Mailer; withSchedules?: boolean } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    TRUST_PROXY: "1",
    RATE_LIMIT: "off",
    LOG_LEVEL: "info",
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const mailer = new CapturingMailer();
  const clock = new AdjustableClock();
  const running = await startServer(config, createLogger(config.logLevel, sink), { database, mailer: sendThrough ?? mailer, serveWeb: false, clock, ...(withSchedules ? {} : { schedules: false }) });
  return {
    ...running,
    config,
    mailer,
    clock,
    logs,
    client: (ip?: string) => new HttpClient(running.url, ip),
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const STRONG_PASSWORD = "Sturdy-Ledger-4821";

/** Both consent boxes ticked, as the sign-up form sends them (the server refuses a sign-up without). */
export const CONSENT = { acceptTerms: true, acceptRisk: true } as const;

export async function signUp(client: HttpClient, input: { name?: string; email: string; password?: string }) {
  return client.post("/api/auth/sign-up/email", { name: input.name ?? "Test User", email: input.email, password: input.password ?? STRONG_PASSWORD, ...CONSENT });
}

export async function signIn(client: HttpClient, email: string, password = STRONG_PASSWORD, rememberMe = true) {
  return client.post("/api/auth/sign-in/email", { email, password, rememberMe });
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
