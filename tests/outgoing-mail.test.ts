import { jobNamesMail } from "#server/services/mail/mail-job.js";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outgoingMail } from "#server/db/schema.js";
import type { JobDeps, JobHandler } from "#server/jobs/deps.js";
import { sendMail } from "#server/jobs/handlers/send-mail.js";
import { createLogger } from "#server/logger.js";
import type { MailMessage } from "#server/mail/mailer.js";
import { deliverDueMail, MAIL_GIVE_UP_MS, MAIL_LEASE_MS, retryDelayMs, SEND_BUDGET_MS } from "#server/services/mail/deliver-due-mail.js";
import { enqueueMail } from "#server/services/mail/enqueue-mail.js";
import { releaseMailLeases } from "#server/services/mail/release-mail-leases.js";
import { notifyAll } from "#server/services/notifications/notify.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { capturedLogger } from "./helpers/captured-logger.js";
import { CapturingMailer } from "./helpers/mailer.js";
import { insertUser } from "./helpers/users.js";

let database: TestDatabase;
const mailer = new CapturingMailer();
const site = { name: "Termvest", publicUrl: "https://termvest.example" };
const deps = () => ({ db: database.handle.db, mailer, logger: createLogger("silent"), site, kyc: { unverifiedDepositLimitCents: 100_000n, retentionYears: 5 } });
const rows = () => database.handle.db.select().from(outgoingMail).orderBy(outgoingMail.createdAt);
// A second ahead of the clock: the database stamps a new row in microseconds and Date.now() is in
// milliseconds, so "now" in Node.js can be a fraction of a millisecond before the row is due.
const at = (ms: number) => new Date(Date.now() + 1_000 + ms);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.handle.db.delete(outgoingMail);
  mailer.sent.length = 0;
  mailer.failing = false;
});

const jobsFor = async (id: string) =>
  ((await database.handle.db.execute(sql`select state from pgboss.job where name = 'send-mail' and ${jobNamesMail(sql`pgboss.job`, sql`${id}`)}`)) as unknown as { rows: unknown[] }).rows.length;
const message = (to = "ada@example.com", kind = "deposit_confirmed") => ({ kind, to, subject: "Deposit confirmed", text: "Your deposit is in.", link: "/dashboard" });

describe("outgoing mail", () => {
  it("is queued only when the transaction that queued it commits", async () => {
    await database.handle.db
      .transaction(async (tx) => {
        await enqueueMail(tx, message("rolled-back@example.com"));
        throw new Error("the business change failed");
      })
      .catch(() => undefined);
    await database.handle.db.transaction((tx) => enqueueMail(tx, message("committed@example.com")));
    expect((await rows()).map((row) => row.to)).toEqual(["committed@example.com"]);
  });

  it("is sent with the site's name and address added, and marked sent", async () => {
    await enqueueMail(database.handle.db, message());
    expect(await deliverDueMail(deps(), at(0))).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(mailer.sent).toEqual([
      { to: "ada@example.com", subject: "Deposit confirmed · Termvest", text: "Your deposit is in.\n\nhttps://termvest.example/dashboard\n\nTermvest" },
    ]);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 1, lastError: null }]);
    expect(await deliverDueMail(deps(), at(MAIL_LEASE_MS * 2))).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("sends exactly the messages a batch of jobs names, claimed together, and leaves the others due", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await enqueueMail(database.handle.db, message(to));
    const [a, , c] = await rows();
    expect(await deliverDueMail(deps(), at(0), 2, [a!.id, c!.id])).toEqual({ sent: 2, failed: 0, dead: 0 });
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(["a@example.com", "c@example.com"]);
    expect((await rows()).map((row) => [row.to, row.status])).toEqual([
      ["a@example.com", "sent"],
      ["b@example.com", "pending"],
      ["c@example.com", "sent"],
    ]);
  });

  it("is sent by the worker from a job naming several messages (a statement's copies) as from a job naming one", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) await enqueueMail(database.handle.db, message(to));
    const [a, b, c] = await rows();
    const job = (data: Record<string, unknown>) => ({ data }) as Parameters<JobHandler>[0][number];
    const clock = { now: () => at(0) } as JobDeps["clock"];
    await sendMail({ ...deps(), clock, settlementWorkers: 1 })([job({ ids: [a!.id, c!.id] }), job({ id: b!.id })]);
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect((await rows()).map((row) => row.status)).toEqual(["sent", "sent", "sent", "pending"]);
  });

  it("is retried with growing delays while the mail server is down, and sent once it is back", async () => {
    await enqueueMail(database.handle.db, message());
    mailer.failing = true;
    expect(await deliverDueMail(deps(), at(0))).toMatchObject({ failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP connection refused" });
    // Not before its delay.
    expect(await deliverDueMail(deps(), at(retryDelayMs(1) - 5_000))).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(await deliverDueMail(deps(), at(retryDelayMs(1) + 1_000))).toMatchObject({ failed: 1 });
    expect((await rows())[0]).toMatchObject({ attempts: 2 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(retryDelayMs(50)).toBe(60 * 60_000);

    mailer.failing = false;
    expect(await deliverDueMail(deps(), at(retryDelayMs(1) + retryDelayMs(2) + 2_000))).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("is given up as dead after a day of failures, and kept", async () => {
    await enqueueMail(database.handle.db, message());
    mailer.failing = true;
    await database.handle.db.update(outgoingMail).set({ createdAt: at(-MAIL_GIVE_UP_MS - 1_000) });
    expect(await deliverDueMail(deps(), at(0))).toEqual({ sent: 0, failed: 0, dead: 1 });
    expect(await rows()).toMatchObject([{ status: "dead", attempts: 1 }]);
    mailer.failing = false;
    expect(await deliverDueMail(deps(), at(MAIL_GIVE_UP_MS))).toEqual({ sent: 0, failed: 0, dead: 0 });
  });

  it("left claimed by a process that died is sent once its lease ends, not before", async () => {
    await enqueueMail(database.handle.db, message());
    // A claim exactly as deliverDueMail makes it, with no send after: the process died.
    await database.handle.db.execute(sql`update outgoing_mail set attempts = 1, next_attempt_at = now() + ${`${MAIL_LEASE_MS} milliseconds`}::interval`);
    expect(await deliverDueMail(deps(), at(MAIL_LEASE_MS - 10_000))).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(await deliverDueMail(deps(), at(MAIL_LEASE_MS + 10_000))).toMatchObject({ sent: 1 });
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("left claimed by a process that died is due again when the embedded database's one server starts; a retry keeps its time", async () => {
    const db = database.handle.db;
    await enqueueMail(db, message("leased@example.com"));
    await enqueueMail(db, message("waiting@example.com"));
    // The waiting one failed once: its next try is queued as a job 30 s on.
    mailer.failing = true;
    await deliverDueMail(deps(), at(0), 1, [(await rows()).find((row) => row.to === "waiting@example.com")!.id]);
    // The leased one was claimed by a process killed mid-send: its job was taken (active), never finished.
    const leased = (await rows()).find((row) => row.to === "leased@example.com")!;
    await db.execute(sql`update outgoing_mail set attempts = 1, next_attempt_at = now() + ${`${MAIL_LEASE_MS} milliseconds`}::interval where id = ${leased.id}`);
    await db.execute(sql`update pgboss.job set state = 'active' where ${jobNamesMail(sql`pgboss.job`, sql`${leased.id}`)}`);
    const before = await rows();

    const now = new Date(Date.now() + 1_000);
    expect(await releaseMailLeases(db, now)).toBe(1);
    const after = await rows();
    expect(after.find((row) => row.to === "leased@example.com")?.nextAttemptAt).toEqual(now);
    expect(after.find((row) => row.to === "waiting@example.com")?.nextAttemptAt).toEqual(before.find((row) => row.to === "waiting@example.com")?.nextAttemptAt);
  });

  it("named by a waiting job of several (a statement's copies), keeps its time when the embedded database's server starts", async () => {
    const db = database.handle.db;
    const user = await insertUser(db);
    const copy = (title: string) => ({ userId: user.id, kind: "deposit_confirmed" as const, title, body: "Your deposit is in.", subjectId: `subject-${title}` });
    const ids = await notifyAll(db, [copy("first"), copy("second")]);
    const job = sql`select id from pgboss.job where name = 'send-mail' and data->'ids' @> ${JSON.stringify([ids[0]])}::jsonb`;
    // Both leased as a claim leaves them; their one job still waits (created).
    await db.execute(sql`update outgoing_mail set attempts = 1, next_attempt_at = now() + ${`${MAIL_LEASE_MS} milliseconds`}::interval`);
    const now = new Date(Date.now() + 1_000);
    expect(await releaseMailLeases(db, now)).toBe(0);
    // Once that job was taken by a process that died, both are due again.
    await db.execute(sql`update pgboss.job set state = 'active' where id in (${job})`);
    expect(await releaseMailLeases(db, now)).toBe(2);
  });

  it("hands back the rest of a batch whose lease is running out, due again and not counted as tried", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await enqueueMail(database.handle.db, message(to));
    const ids = (await rows()).map((row) => row.id);
    // A slow mail server: each send takes two minutes of real time; after two, less than a send's time is left.
    expect(2 * 2 * 60_000).toBeGreaterThan(MAIL_LEASE_MS - SEND_BUDGET_MS);
    let steady = 0;
    const slow = { kind: "smtp" as const, send: async (mail: MailMessage) => ((steady += 2 * 60_000), mailer.send(mail)) };
    const now = at(0);
    expect(await deliverDueMail({ ...deps(), mailer: slow, steadyMs: () => steady }, now, 3, ids)).toEqual({ sent: 2, failed: 0, dead: 0 });
    expect(mailer.sent).toHaveLength(2);
    const left = (await rows()).find((row) => !mailer.sent.some((mail) => mail.to === row.to))!;
    expect(left).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: now });
    expect(await jobsFor(left.id)).toBe(2); // its first job (completed with the batch) and a new one
    expect(await deliverDueMail(deps(), now)).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(3);
  });

  it("hands back the rest of a batch when the server is stopping, after the send under way", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await enqueueMail(database.handle.db, message(to));
    const stop = new AbortController();
    // SIGTERM arrives while the mail server takes the first message.
    const stopped = { kind: "smtp" as const, send: async (mail: MailMessage) => (stop.abort(), mailer.send(mail)) };
    const now = at(0);
    expect(await deliverDueMail({ ...deps(), mailer: stopped, stopping: stop.signal }, now, 3)).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(mailer.sent).toHaveLength(1);
    const left = (await rows()).filter((row) => row.status === "pending");
    expect(left).toHaveLength(2);
    expect(left).toMatchObject([{ attempts: 0, nextAttemptAt: now }, { attempts: 0, nextAttemptAt: now }]);
    expect(await deliverDueMail(deps(), now)).toMatchObject({ sent: 2 });
    expect(new Set(mailer.sent.map((mail) => mail.to)).size).toBe(3);
  });

  it.each(["sent", "failed"] as const)("%s after its lease ran out and another run claimed and sent it: left as that run recorded it, and logged", async (outcome) => {
    await enqueueMail(database.handle.db, message());
    const { logger, lines } = capturedLogger();
    const late = at(MAIL_LEASE_MS + 10_000);
    // While the first send hangs, its lease ends and another run claims, sends and marks the message.
    const slow = {
      kind: "smtp" as const,
      send: async (mail: MailMessage) => {
        expect(await deliverDueMail(deps(), late)).toMatchObject({ sent: 1 });
        if (outcome === "failed") throw new Error("SMTP timeout");
        await mailer.send(mail);
      },
    };
    await deliverDueMail({ ...deps(), mailer: slow, logger }, at(0));
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 2, sentAt: late, lastError: null }]);
    expect(await jobsFor((await rows())[0]!.id)).toBe(1); // no retry queued
    expect(lines.join("")).toContain("mail lease ran out during the send");
  });

  it("is sent once when several deliverers run at once", async () => {
    for (let index = 0; index < 30; index++) await enqueueMail(database.handle.db, message(`user${index}@example.com`));
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverDueMail(deps(), at(0), 10)));
    await deliverDueMail(deps(), at(0), 50);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBeLessThanOrEqual(30);
    expect(mailer.sent).toHaveLength(30);
    expect(new Set(mailer.sent.map((sent) => sent.to)).size).toBe(30);
  });

  it("keeps no one-time link once a reset or verification mail is sent", async () => {
    await enqueueMail(database.handle.db, { kind: "password-reset", to: "ada@example.com", subject: "Reset your password", text: "https://termvest.example/api/auth/reset-password/SECRET" });
    await deliverDueMail(deps(), at(0));
    expect(mailer.sent[0]?.text).toContain("SECRET");
    const [row] = await database.handle.db.select().from(outgoingMail).where(eq(outgoingMail.kind, "password-reset"));
    expect(row?.text).not.toContain("SECRET");
  });
});
