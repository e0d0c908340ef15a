import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/env.js";
import { createLogger } from "#server/logger.js";
import { createOutboxMailer, outboxDirectory } from "#server/mail/mailer.js";
import { startServer, type RunningServer } from "#server/server.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { HttpClient } from "./helpers/http-client.js";
import { freePort } from "./helpers/test-server.js";

let database: TestDatabase;
const dirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real server with the mailer it picks itself (the outbox unless SMTP_URL is set), as `npm start` runs it. */
async function withServer(env: Record<string, string>, check: (client: HttpClient, dataDir: string) => Promise<void>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "termvest-devmail-"));
  dirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, RATE_LIMIT: "off", ...env });
  const server: RunningServer = await startServer(config, createLogger("silent"), { database: database.handle, serveWeb: false });
  try {
    await check(new HttpClient(server.url), dataDir);
  } finally {
    await server.close();
  }
}

describe("/dev/mail", () => {
  it("is not served unless DEV_MAIL is on", async () => {
    await withServer({}, async (client) => {
      expect((await client.get("/dev/mail")).status).toBe(404);
      expect((await client.get("/dev/mail/messages.json")).status).toBe(404);
    });
  });

  it("shows the outbox with DEV_MAIL=on", async () => {
    await withServer({ DEV_MAIL: "on" }, async (client, dataDir) => {
      await createOutboxMailer(outboxDirectory(dataDir), "Termvest <no-reply@termvest.localhost>").send({ to: "devmail@example.com", subject: "Hello", text: "In the outbox" });
      const page = await client.get("/dev/mail");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("In the outbox");
      const { messages } = (await (await client.get("/dev/mail/messages.json?to=devmail@example.com")).json()) as { messages: Array<{ subject: string }> };
      expect(messages.map((mail) => mail.subject)).toEqual(["Hello"]);
    });
  });

  it("is not served with the SMTP mailer, even with DEV_MAIL=on", async () => {
    await withServer({ DEV_MAIL: "on", SMTP_URL: "smtp://127.0.0.1:1" }, async (client) => {
      expect((await client.get("/dev/mail")).status).toBe(404);
    });
  });
});
