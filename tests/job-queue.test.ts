import { jobNamesMail } from "#server/services/mail/mail-job.js";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { enqueueJob } from "#server/jobs/enqueue.js";
import { JOBS, SCHEDULES } from "#server/jobs/queues.js";
import { readJobStats } from "#server/jobs/stats.js";
import { readLastLedgerCheck, runLedgerCheck } from "#server/services/ledger/run-ledger-check.js";
import { createSmtpMailer } from "#server/mail/mailer.js";
import { createInvestment } from "#server/services/investments/create-investment.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import { enqueueMail } from "#server/services/mail/enqueue-mail.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { freePort, startTestServer, type TestServer } from "./helpers/test-server.js";
import { insertUser } from "./helpers/users.js";
import { creditMainBalance } from "./helpers/ledger.js";

let database: TestDatabase | undefined;
const servers: TestServer[] = [];
const smtpServers: SMTPServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const smtp of smtpServers.splice(0)) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database?.dispose();
  database = undefined;
});

const db = () => database!.handle.db;
const count = async (query: ReturnType<typeof sql>) => Number(((await db().execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);
const message = (to: string) => ({ kind: "deposit_confirmed", to, subject: "Deposit confirmed", text: "Your deposit is in." });

/** A real SMTP server (no STARTTLS, no auth) that records each recipient of each accepted message. */
async function smtpServer(port: number): Promise<string[]> {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  smtpServers.push(server);
  return received;
}

describe("the job queue", () => {
  it("puts every schedule on the queue when a server starts, and none for a test server, which moves its clock by hand", async () => {
    database = await createTestDatabase();
    const scheduled = async () => ((await db().execute(sql`select name from pgboss.schedule order by name`)) as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
    servers.push(await startTestServer(database.handle));
    expect(await scheduled()).toEqual([]);
    servers.push(await startTestServer(database.handle, {}, { withSchedules: true }));
    expect(await scheduled()).toEqual(Object.keys(SCHEDULES).sort());
  });

  it("holds a job only when the transaction that enqueued it commits", async () => {
    database = await createTestDatabase();
    await db()
      .transaction(async (tx) => {
        await enqueueMail(tx, message("rolled-back@example.com"));
        throw new Error("the business change failed");
      })
      .catch(() => undefined);
    expect(await count(sql`select count(*) as n from pgboss.job where name = 'send-mail'`)).toBe(0);
    await db().transaction((tx) => enqueueMail(tx, message("committed@example.com")));
    expect(await count(sql`select count(*) as n from pgboss.job where name = 'send-mail'`)).toBe(1);
    expect((await readJobStats(db()))["send-mail"]).toMatchObject({ queued: 1, active: 0 });
    expect(await count(sql`select count(*) as n from pgboss.job j join outgoing_mail m on ${jobNamesMail(sql`j`, sql`m.id`)} where m."to" = 'committed@example.com'`)).toBe(1);
  });

  it("delivers every message once when the mail server is down for a while, then up", { timeout: 60_000 }, async () => {
    database = await createTestDatabase();
    const port = await freePort();
    const server = await startTestServer(database.handle, {}, { sendThrough: createSmtpMailer(`smtp://127.0.0.1:${port}`, "Termvest <no-reply@termvest.localhost>") });
    servers.push(server);
    const recipients = Array.from({ length: 6 }, (_, index) => `investor${index}@example.com`);
    for (const to of recipients) await db().transaction((tx) => enqueueMail(tx, message(to)));
    // Each one's job tries, finds no server, and sets its retry.
    await expect
      .poll(() => count(sql`select count(*) as n from outgoing_mail where status = 'pending' and attempts >= 1 and last_error is not null`), { timeout: 15_000 })
      .toBe(6);

    const received = await smtpServer(port);
    // An hour later by the app's clock every retry is due; the sweep the clock move runs sends them.
    expect((await server.client().request("/dev/clock", { body: { days: 1 / 24 } })).status).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(6);
    // Marked sent in the statement after the SMTP server's acceptance: a moment later.
    await expect.poll(() => count(sql`select count(*) as n from outgoing_mail where status = 'sent'`)).toBe(6);
    // Their own retry jobs come later and find nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([...received].sort()).toEqual([...recipients].sort());
  });

  it("stopping a server mid-batch sends the message under way and hands the rest back for the next server", async () => {
    database = await createTestDatabase();
    const first = await startTestServer(database.handle);
    const release = first.mailer.stall();
    const recipients = ["stop-a@example.com", "stop-b@example.com", "stop-c@example.com"];
    await db().transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, message(to));
    });
    // All three claimed; the mail server hangs on the first send.
    await expect.poll(() => count(sql`select coalesce(sum(attempts), 0) as n from outgoing_mail`), { timeout: 15_000 }).toBe(3);
    const closing = first.close();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the stop is asked for, then the send finishes
    release();
    await closing;
    const sent = first.mailer.sent.length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(3);
    expect(await count(sql`select count(*) as n from outgoing_mail where status = 'pending' and attempts = 0`)).toBe(3 - sent);
    expect(await count(sql`select count(*) as n from pgboss.job j join outgoing_mail m on ${jobNamesMail(sql`j`, sql`m.id`)} where m.status = 'pending' and j.state = 'created'`)).toBe(3 - sent);

    const next = await startTestServer(database.handle);
    servers.push(next);
    await expect.poll(() => count(sql`select count(*) as n from outgoing_mail where status = 'sent'`), { timeout: 15_000 }).toBe(3);
    expect([...first.mailer.sent, ...next.mailer.sent].map((mail) => mail.to).sort()).toEqual(recipients);
  });

  it("with two servers on one database and their clocks moved, sends each reminder and settles each investment once", { timeout: 90_000 }, async () => {
    database = await createTestDatabase();
    // Both servers first: a start seeds the plans.
    for (let index = 0; index < 2; index++) servers.push(await startTestServer(database.handle));
    const investor = await insertUser(db(), { email: "two-servers@example.com" });
    await creditMainBalance(db(), investor.id, 300_000n);
    const { investment: made } = await db().transaction((tx) => createInvestment(tx, investor.id, { planId: "standard", amountCents: 100_000 }, new Date()));
    const moveClocks = async (days: number) => {
      for (const server of servers) expect((await server.client().request("/dev/clock", { body: { days } })).status).toBe(200);
    };
    const reminders = (kind: string) => count(sql`select count(*) as n from maturity_reminder where kind = ${kind}`);
    const mailCount = (kind: string) => count(sql`select count(*) as n from outgoing_mail where kind = ${kind} and "to" = 'two-servers@example.com'`);

    await moveClocks(7.5); // 6.5 days before maturity: the 7-day reminder
    await expect.poll(() => reminders("7d"), { timeout: 20_000 }).toBe(1);
    await moveClocks(6); // half a day before: the 1-day reminder
    await expect.poll(() => reminders("1d"), { timeout: 20_000 }).toBe(1);
    await moveClocks(1); // past maturity: settlement
    await expect.poll(() => count(sql`select count(*) as n from investment where id = ${made.id} and status = 'matured'`), { timeout: 20_000 }).toBe(1);
    // Both servers' queued runs have had time to run twice over.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await count(sql`select count(*) as n from notification where kind = 'investment_maturing' and subject_id = ${made.id}`)).toBe(2);
    expect(await mailCount("investment_maturing")).toBe(2);
    expect(await mailCount("investment_matured")).toBe(1);
    expect(await count(sql`select count(*) as n from journal where idempotency_key = ${`maturity:${made.id}`}`)).toBe(1);
  });

  it("runs the ledger check as a queued job: it finds a planted problem, e-mails every admin, and /metrics shows the stored result", async () => {
    database = await createTestDatabase();
    const token = "metrics-token-for-the-test-0123456789";
    const server = await startTestServer(database.handle, { METRICS_TOKEN: token });
    servers.push(server);
    await insertUser(db(), { email: "admin-one@example.com", role: "admin" });
    await insertUser(db(), { email: "admin-two@example.com", role: "admin" });
    const investor = await insertUser(db(), { email: "plain@example.com" });
    const available = userAccount(investor.id, "available").id;
    await db().execute(sql`update ledger_account set balance_cents = 500 where id = ${available}`);

    // As the daily schedule does: a job on the queue, worked by the server's own handler.
    await enqueueJob(db(), JOBS.ledgerCheck, {});
    await expect.poll(async () => (await readLastLedgerCheck(db()))?.problemCount ?? null, { timeout: 15_000 }).toBeGreaterThan(0);
    const stored = (await readLastLedgerCheck(db()))!.problemCount;
    await expect.poll(() => server.mailer.sent.filter((mail) => /ledger/i.test(mail.subject)).map((mail) => mail.to).sort(), { timeout: 15_000 }).toEqual([
      "admin-one@example.com",
      "admin-two@example.com",
    ]);

    // Repaired since: a live check would find nothing, so the gauge shows the stored result.
    await db().execute(sql`update ledger_account set balance_cents = 0 where id = ${available}`);
    const scraped = await (await fetch(new URL("/metrics", server.url), { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(scraped).toMatch(new RegExp(`^termvest_ledger_problems ${stored}$`, "m"));
  });

  it("stores each ledger check and e-mails every admin when it finds a problem", async () => {
    database = await createTestDatabase();
    expect(await readLastLedgerCheck(db())).toBeNull();
    await insertUser(db(), { email: "admin-one@example.com", role: "admin" });
    await insertUser(db(), { email: "admin-two@example.com", role: "admin" });
    const investor = await insertUser(db(), { email: "plain@example.com" });
    expect(await runLedgerCheck(db(), new Date())).toMatchObject({ problemCount: 0 });
    expect(await count(sql`select count(*) as n from outgoing_mail where kind = 'ledger-check'`)).toBe(0);
    // A balance changed behind the ledger's back.
    await db().execute(sql`update ledger_account set balance_cents = 500 where id = ${userAccount(investor.id, "available").id}`);
    const found = await runLedgerCheck(db(), new Date(Date.now() + 60_000));
    expect(found.problemCount).toBeGreaterThan(0);
    expect(await readLastLedgerCheck(db())).toMatchObject({ problemCount: found.problemCount });
    const mailed = (await db().execute(sql`select "to" from outgoing_mail where kind = 'ledger-check' order by "to"`)) as unknown as { rows: Array<{ to: string }> };
    expect(mailed.rows.map((row) => row.to)).toEqual(["admin-one@example.com", "admin-two@example.com"]);
  });
});
