import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyRecord, journal, notification, transfer } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { jobNamesMail } from "#server/services/mail/mail-job.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { person, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

/**
 * POST /api/transfers commits in one transaction (decision 0049): the idempotency record, the
 * transfer's row, both notifications, their e-mails and the e-mails' send jobs, and the journal.
 */
const suite = serverSuite();
const db = () => suite.database.handle.db;

const send = (from: Person, body: object, key?: string) =>
  from.client.request("/api/transfers", { body, headers: key ? { "Idempotency-Key": key } : {} });

async function transfersOf(userId: string) {
  return db().select().from(transfer).where(eq(transfer.fromUserId, userId));
}

/** Each e-mail to these people, with how many send jobs name it. */
async function mailsAndJobs(...emails: string[]) {
  const result = (await db().execute(sql`select m."to", m.kind, m.text, (select count(*) from pgboss.job j where j.name = 'send-mail' and ${jobNamesMail(sql`j`, sql`m.id`)})::int as jobs
    from outgoing_mail m where m."to" in (${sql.join(emails.map((email) => sql`${email}`), sql`, `)}) and m.kind like 'transfer_%'`)) as unknown as {
    rows: Array<{ to: string; kind: string; text: string; jobs: number }>;
  };
  return result.rows.map((row) => [row.to, row.kind, row.text, Number(row.jobs)]).sort();
}

describe("POST /api/transfers", () => {
  it("moves the money once, with both notifications, their e-mails and the request's record", async () => {
    const ada = await person(suite, { funds: 10_000n, name: "Ada Obi" });
    const ben = await person(suite, { name: "Ben Eze" });
    const key = randomUUID();
    const response = await send(ada, { toEmail: ben.email, amountCents: 2_500, note: "rent" }, key);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ amountCents: 2_500, toName: "Ben Eze", note: "rent" });

    const [row] = await transfersOf(ada.id);
    expect(row).toMatchObject({ id: body.id, toUserId: ben.id, amountCents: 2_500n, note: "rent" });
    expect(await db().select({ id: journal.id }).from(journal).where(eq(journal.id, row!.journalId))).toHaveLength(1);
    expect(await summary(ada)).toMatchObject({ mainBalanceCents: 7_500 });
    expect(await summary(ben)).toMatchObject({ mainBalanceCents: 2_500 });

    // One each, to different people: their order within the same millisecond is not defined.
    const notes = await db().select().from(notification).where(eq(notification.subjectId, body.id));
    expect(notes.map((n) => [n.userId, n.kind, n.body]).sort()).toEqual(
      [
        [ben.id, "transfer_received", "You received $25.00 from another Termvest user, who gave the name “Ada Obi”. Their note, in their own words: “rent”"],
        [ada.id, "transfer_sent", "You sent $25.00 to “Ben Eze”."],
      ].sort(),
    );
    expect(await mailsAndJobs(ada.email, ben.email)).toEqual(
      [
        [ben.email, "transfer_received", "You received $25.00 from another Termvest user, who gave the name “Ada Obi”. Their note, in their own words: “rent”", 1],
        [ada.email, "transfer_sent", "You sent $25.00 to “Ben Eze”.", 1],
      ].sort(),
    );
    // Both copies named by the same one job: one job per statement, not per e-mail.
    const jobs = (await db().execute(sql`select j.data from pgboss.job j where j.name = 'send-mail'
      and exists (select 1 from outgoing_mail m where m."to" in (${ada.email}, ${ben.email}) and m.kind like 'transfer_%' and ${jobNamesMail(sql`j`, sql`m.id`)})`)) as unknown as { rows: Array<{ data: { ids: string[] } }> };
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]!.data.ids).toHaveLength(2);
    const [record] = await db().select().from(idempotencyRecord).where(and(eq(idempotencyRecord.userId, ada.id), eq(idempotencyRecord.key, key)));
    expect(record).toMatchObject({ status: 201, body });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("the same Idempotency-Key replays the first answer, sent again or three times at once; another body is a 409", async () => {
    const cleo = await person(suite, { funds: 10_000n });
    const dan = await person(suite);
    const key = randomUUID();
    const first = await send(cleo, { toEmail: dan.email, amountCents: 1_000 }, key);
    expect(first.status).toBe(201);
    const again = await send(cleo, { toEmail: dan.email, amountCents: 1_000 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());

    const doubled = randomUUID();
    // Three at once: the first goes alone, and the other two would share the next statement if
    // the same key were allowed in one.
    const all = await Promise.all([1, 2, 3].map(() => send(cleo, { toEmail: dan.email, amountCents: 700 }, doubled)));
    expect(all.map((r) => r.status)).toEqual([201, 201, 201]);
    const [a, b, c] = await Promise.all(all.map((r) => r.json()));
    expect([b, c]).toEqual([a, a]);

    const reused = await send(cleo, { toEmail: dan.email, amountCents: 999 }, key);
    expect(reused.status).toBe(409);
    expect((await reused.json()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");

    expect((await transfersOf(cleo.id)).map((t) => t.amountCents).sort()).toEqual([1_000n, 700n].sort());
    expect(await summary(cleo)).toMatchObject({ mainBalanceCents: 8_300 });
    expect(await db().select().from(notification).where(eq(notification.userId, dan.id))).toHaveLength(2);
    // A replay writes no e-mail and no job: two transfers, two e-mails each, each e-mail named by one job.
    expect((await mailsAndJobs(cleo.email, dan.email)).map((row) => row[3])).toEqual([1, 1, 1, 1]);
  });

  it("refused for lack of funds: nothing is written, and the key works for a corrected request", async () => {
    const eve = await person(suite, { funds: 500n });
    const fay = await person(suite);
    const key = randomUUID();
    const refused = await send(eve, { toEmail: fay.email, amountCents: 600 }, key);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("INSUFFICIENT_FUNDS");
    expect(await transfersOf(eve.id)).toHaveLength(0);
    expect(await db().select().from(notification).where(eq(notification.userId, fay.id))).toHaveLength(0);
    expect(await db().select().from(idempotencyRecord).where(eq(idempotencyRecord.userId, eve.id))).toHaveLength(0);
    expect(await mailsAndJobs(eve.email, fay.email)).toEqual([]);

    const fixed = await send(eve, { toEmail: fay.email, amountCents: 400 }, key);
    expect(fixed.status).toBe(201);
    expect(await summary(fay)).toMatchObject({ mainBalanceCents: 400 });
  });

  it("without an Idempotency-Key each request is a transfer of its own", async () => {
    const gus = await person(suite, { funds: 1_000n });
    const hana = await person(suite);
    for (const _ of [1, 2]) expect((await send(gus, { toEmail: hana.email.toUpperCase(), amountCents: 100 })).status).toBe(201);
    expect(await transfersOf(gus.id)).toHaveLength(2);
    expect(await summary(hana)).toMatchObject({ mainBalanceCents: 200 });
    expect(await db().select().from(idempotencyRecord).where(eq(idempotencyRecord.userId, gus.id))).toHaveLength(0);
  });

});

describe.runIf(testDatabaseUrl)("transfers under concurrency (PostgreSQL)", () => {
  it("moves money around a ring of three people sending to each other at once: every transfer lands, none deadlocks", async () => {
    // A to B, B to C and C to A at the same moment, on the server's 20 connections: each transfer
    // locks two balances that another one also wants, so only one lock order for every journal
    // keeps them from waiting for each other in a circle (PostgreSQL would end one as a deadlock).
    const ring = await Promise.all([1, 2, 3].map(() => person(suite, { funds: 10_000n })));
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(
        Array.from({ length: 45 }, async (_unused, turn) => {
          const response = await send(ring[turn % 3]!, { toEmail: ring[(turn + 1) % 3]!.email, amountCents: 1 + (turn % 3) }, randomUUID());
          return response.status === 201 ? 201 : `${response.status} ${await response.text()}`;
        }),
      );
      expect(answers).toEqual(Array(45).fill(201));
    }
    // A round: 15 transfers each way round the ring, A sends 1 cent each and receives C's 3, B
    // receives 1 and sends 2, C receives 2 and sends 3.
    const perRound = [3 - 1, 1 - 2, 2 - 3].map((net) => net * 15);
    for (const [index, someone] of ring.entries()) expect(await summary(someone)).toMatchObject({ mainBalanceCents: 10_000 + perRound[index]! * rounds });
    expect(await verifyLedger(db())).toEqual([]);
  });
});
