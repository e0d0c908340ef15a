import { jobNamesMail } from "#server/services/mail/mail-job.js";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, outgoingMail } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;

/** A message the deliverer gave up on, stored as a day of failed tries leaves it (no job of its own). */
async function deadMail(to: string, createdAt = new Date()) {
  const [row] = await db()
    .insert(outgoingMail)
    .values({ id: timeOrderedUuid(), kind: "deposit_confirmed", to, subject: "Deposit confirmed", text: "Your deposit is in.", status: "dead", attempts: 12, lastError: "connect ECONNREFUSED 127.0.0.1:25", createdAt })
    .returning();
  return row!;
}

const jobsFor = async (id: string) =>
  Number(((await db().execute(sql`select count(*) as n from pgboss.job where name = 'send-mail' and ${jobNamesMail(sql`pgboss.job`, sql`${id}`)}`)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);

describe("admin mail API", () => {
  it("refuses visitors (401) and users (403), listing and retrying alike", async () => {
    const dead = await deadMail("guarded@example.com");
    expect((await suite.server.client().get("/api/admin/mail")).status).toBe(401);
    const user = await person(suite);
    expect((await user.client.get("/api/admin/mail")).status).toBe(403);
    const retry = await user.client.post(`/api/admin/mail/${dead.id}/retry`, {});
    expect(retry.status).toBe(403);
    expect(await jobsFor(dead.id)).toBe(0);
    expect((await db().select().from(outgoingMail).where(eq(outgoingMail.id, dead.id)))[0]?.status).toBe("dead");
  });

  it("lists dead mail newest first by default, pages it, and filters by status", async () => {
    const admin = await person(suite, { admin: true });
    const older = await deadMail("older@example.com", new Date(Date.now() - 60_000));
    const newer = await deadMail("newer@example.com");
    // Waiting for its next try, an hour away: nothing sends it during the test.
    await db().insert(outgoingMail).values({ id: timeOrderedUuid(), kind: "password-reset", to: "waiting@example.com", subject: "Reset", text: "secret link text", nextAttemptAt: new Date(Date.now() + 3_600_000) });

    const list = await (await admin.client.get("/api/admin/mail?limit=100")).json();
    const ids = list.items.map((row: { id: string }) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.items.every((row: { status: string }) => row.status === "dead")).toBe(true);
    expect(list.items.find((row: { id: string }) => row.id === newer.id)).toEqual({
      id: newer.id,
      kind: "deposit_confirmed",
      to: "newer@example.com",
      subject: "Deposit confirmed",
      status: "dead",
      attempts: 12,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
      createdAt: newer.createdAt.toISOString(),
      sentAt: null,
    });
    const total = Number(((await db().execute(sql`select count(*) as n from outgoing_mail where status = 'dead'`)) as unknown as { rows: Array<{ n: string }> }).rows[0]?.n);
    expect(list.total).toBe(total);

    const first = await (await admin.client.get("/api/admin/mail?limit=1")).json();
    expect(first).toMatchObject({ total, nextCursor: expect.any(String) });
    expect(first.items.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
    const second = await (await admin.client.get(`/api/admin/mail?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.total).toBe(total);
    expect(second.items.map((row: { id: string }) => row.id)).toEqual([ids[1]]);

    const pending = await (await admin.client.get("/api/admin/mail?status=pending&limit=100")).json();
    const waiting = pending.items.find((row: { to: string }) => row.to === "waiting@example.com");
    expect(waiting).toMatchObject({ status: "pending", kind: "password-reset" });
    // Never the text: a reset message holds a one-time link.
    expect(JSON.stringify(pending)).not.toContain("secret link text");

    const bad = await admin.client.get("/api/admin/mail?status=lost&limit=0");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({ status: "status must be dead, pending or sent.", limit: "limit is at least 1." });
  });

  it("retries a dead message once under a doubled request: pending, one send job, one audit entry", async () => {
    const admin = await person(suite, { admin: true });
    const dead = await deadMail("doubled@example.com");
    const headers = { "Idempotency-Key": "retry-doubled-0001" };
    const [first, second] = await Promise.all([
      admin.client.request(`/api/admin/mail/${dead.id}/retry`, { body: {}, headers }),
      admin.client.request(`/api/admin/mail/${dead.id}/retry`, { body: {}, headers }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const bodies = [await first.json(), await second.json()];
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ id: dead.id, status: "pending", attempts: 12 });
    expect(await jobsFor(dead.id)).toBe(1);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, dead.id));
    expect(audits).toMatchObject([{ actorId: admin.id, action: "mail.retry", targetType: "outgoing_mail", after: { status: "pending" } }]);

    // Without a key (another operator, a second click): refused, nothing more queued.
    const again = await admin.client.post(`/api/admin/mail/${dead.id}/retry`, {});
    expect(again.status).toBe(409);
    expect(await jobsFor(dead.id)).toBe(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, dead.id))).toHaveLength(1);
  });

  it("sends the retried message: the worker delivers it", async () => {
    const admin = await person(suite, { admin: true });
    const dead = await deadMail("delivered@example.com");
    expect((await admin.client.post(`/api/admin/mail/${dead.id}/retry`, {})).status).toBe(200);
    await expect.poll(() => suite.server.mailer.sent.filter((mail) => mail.to === "delivered@example.com").length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await db().select().from(outgoingMail).where(eq(outgoingMail.id, dead.id)))[0]?.status, { timeout: 5_000 }).toBe("sent");
  });

  it("answers 404 for an unknown message", async () => {
    const admin = await person(suite, { admin: true });
    const response = await admin.client.post("/api/admin/mail/no-such-id/retry", {});
    expect(response.status).toBe(404);
  });
});
