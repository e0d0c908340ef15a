import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { outgoingMail } from "#server/db/schema.js";
import { enqueueMail } from "#server/services/mail/enqueue-mail.js";
import { createTestDatabase } from "./helpers/database.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { startTestServer } from "./helpers/test-server.js";
import { samples } from "./helpers/prometheus-text.js";

const TOKEN = "metrics-token-for-the-test-0123456789";
const suite = serverSuite({ METRICS_TOKEN: TOKEN });
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const HOUR = 3_600_000;

const scrape = (token = TOKEN) => fetch(new URL("/metrics", suite.server.url), { headers: { Authorization: `Bearer ${token}` } });

describe("GET /metrics", () => {
  it("shows the business gauges after known activity, read from the database at scrape time", async () => {
    const before = samples(await (await scrape()).text());
    const saver = await person(suite, { funds: 500_000n });
    await listWallet(suite.database.handle.db, saver.id, WALLET);
    expect((await saver.client.post("/api/deposits", await bankDepositBody(saver.client, 70_000))).status).toBe(201);
    expect((await saver.client.post("/api/payouts", { amountCents: 120_000, walletAddress: WALLET })).status).toBe(201);
    await suite.database.handle.db.insert(outgoingMail).values({ id: randomUUID(), kind: "deposit_confirmed", to: "gone@example.com", subject: "s", text: "t", status: "dead", attempts: 12 });
    suite.server.clock.advance(2 * HOUR);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("content-encoding")).toBeNull();
    const after = samples(await response.text());
    const grew = (name: string) => after.get(name)! - (before.get(name) ?? 0);
    expect(grew("termvest_deposits_pending")).toBe(1);
    expect(grew("termvest_payouts_pending")).toBe(1);
    expect(grew("termvest_mail_dead")).toBe(1);
    // 5,000.00 funded; the payout's hold is still the user's money, the pending deposit not yet.
    expect(grew("termvest_liabilities_cents")).toBe(500_000);
    expect(after.get("termvest_deposits_pending_oldest_seconds")).toBeGreaterThanOrEqual(2 * 3600);
    expect(after.get("termvest_payouts_pending_oldest_seconds")).toBeGreaterThanOrEqual(2 * 3600);
    expect(after.get("termvest_payouts_pending_oldest_seconds")).toBeLessThan(3 * 3600);
    expect(after.get("termvest_ledger_problems")).toBe(0);
    const kind = suite.database.handle.kind;
    expect(after.get('termvest_db_connections{state="total"}')).toBe(kind === "pglite" ? 1 : suite.database.handle.connections().total);
    expect(after.get('termvest_db_connections{state="waiting"}')).toBe(0);
  });

  it("shows the job queue: jobs by name and state, and how long the oldest ready job has waited", async () => {
    const figures = async () => samples(await (await scrape()).text());
    const sendMail = (state: string) => `termvest_jobs{name="send-mail",state="${state}"}`;
    const lag = 'termvest_job_queue_lag_seconds{name="send-mail"}';
    const queue = (taken: Map<string, number>) => [taken.get(sendMail("queued")), taken.get(sendMail("active"))];
    await expect.poll(async () => queue(await figures()), { timeout: 15_000 }).toEqual([0, 0]);
    const before = await figures();
    const mail = (to: string) => suite.database.handle.db.transaction((tx) => enqueueMail(tx, { kind: "deposit_confirmed", to, subject: "s", text: "t" }));

    // The mail server hangs on the first message: its job is active, and the next one waits behind it.
    const release = suite.server.mailer.stall();
    try {
      await mail("first@example.com");
      await expect.poll(async () => queue(await figures()), { timeout: 15_000 }).toEqual([0, 1]);
      await mail("second@example.com");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const waiting = await figures();
      expect(queue(waiting)).toEqual([1, 1]);
      expect(waiting.get(lag)).toBeGreaterThanOrEqual(1);
      expect(waiting.get(lag)).toBeLessThan(30);
      expect(waiting.get(sendMail("failed"))).toBe(before.get(sendMail("failed")));
    } finally {
      release();
    }
    await expect.poll(async () => queue(await figures()), { timeout: 15_000 }).toEqual([0, 0]);
    const after = await figures();
    expect(after.get(sendMail("completed"))! - before.get(sendMail("completed"))!).toBe(2);
    expect(after.get(lag)).toBe(0);
  });

  it("times requests by route pattern and status, never by the raw path", async () => {
    const saver = await person(suite);
    const id = randomUUID();
    expect((await saver.client.post(`/api/payouts/${id}/cancel`)).status).toBe(404);
    const text = await (await scrape()).text();
    expect(text).toMatch(/termvest_http_request_duration_seconds_count\{method="POST",route="\/api\/payouts\/:id\/cancel",status="404"\} [1-9]/);
    expect(text).toMatch(/termvest_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/\*",status="200"\} [1-9]/);
    expect(text).toMatch(/termvest_http_request_duration_seconds_count\{method="GET",route="\/api\/session",status="200"\} [1-9]/);
    expect(text).not.toContain(id);
  });

  it("refuses a missing or wrong token, and takes no figure for it", async () => {
    const missing = await fetch(new URL("/metrics", suite.server.url));
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    const wrong = await scrape(`${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("termvest_");
    expect((await scrape(TOKEN.slice(0, -1))).status).toBe(401);
  });

  it("does not exist without METRICS_TOKEN", async () => {
    const database = await createTestDatabase();
    const server = await startTestServer(database.handle);
    try {
      const response = await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("termvest_");
    } finally {
      await server.close();
      await database.dispose();
    }
  });
});
