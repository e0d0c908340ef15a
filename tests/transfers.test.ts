import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { driverClientOf } from "#server/db/driver-client.js";
import { idempotencyRecord, journal, notification, transfer } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { person, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

/**
 * POST /api/transfers is one statement that commits on its own (decision 0036): the idempotency
 * record, the journal, the transfer's row, both notifications, their e-mails and the e-mails' send
 * jobs. The rules of a money route stay the same.
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
  const result = (await db().execute(sql`select m."to", m.kind, m.text, (select count(*) from pgboss.job j where j.name = 'send-mail' and j.data->>'id' = m.id)::int as jobs
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
        [ben.id, "transfer_received", "Ada Obi sent you $25.00: rent"],
        [ada.id, "transfer_sent", "You sent $25.00 to Ben Eze."],
      ].sort(),
    );
    expect(await mailsAndJobs(ada.email, ben.email)).toEqual(
      [
        [ben.email, "transfer_received", "Ada Obi sent you $25.00: rent", 1],
        [ada.email, "transfer_sent", "You sent $25.00 to Ben Eze.", 1],
      ].sort(),
    );
    const [record] = await db().select().from(idempotencyRecord).where(and(eq(idempotencyRecord.userId, ada.id), eq(idempotencyRecord.key, key)));
    expect(record).toMatchObject({ status: 201, body });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("the same Idempotency-Key replays the first answer, sent again or twice at once; another body is a 409", async () => {
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
    const both = await Promise.all([1, 2].map(() => send(cleo, { toEmail: dan.email, amountCents: 700 }, doubled)));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(both.map((r) => r.json()));
    expect(a).toEqual(b);

    const reused = await send(cleo, { toEmail: dan.email, amountCents: 999 }, key);
    expect(reused.status).toBe(409);
    expect((await reused.json()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");

    expect((await transfersOf(cleo.id)).map((t) => t.amountCents).sort()).toEqual([1_000n, 700n].sort());
    expect(await summary(cleo)).toMatchObject({ mainBalanceCents: 8_300 });
    expect(await db().select().from(notification).where(eq(notification.userId, dan.id))).toHaveLength(2);
    // A replay writes no e-mail and no job: two transfers, two e-mails each, one job each.
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

  it("is one statement outside any transaction, so it commits on its own and holds the balance locks for no round trip", async () => {
    const ivy = await person(suite, { funds: 1_000n });
    const jon = await person(suite);
    const driver = driverClientOf(db()).client;
    const query = vi.spyOn(driver, "query");
    const transaction = vi.spyOn(db(), "transaction");
    try {
      expect((await send(ivy, { toEmail: jon.email, amountCents: 100 }, randomUUID())).status).toBe(201);
      const texts = query.mock.calls.map(([first]) => (typeof first === "string" ? first : (first as { text: string }).text));
      const writes = texts.filter((text) => /insert into transfer/i.test(text));
      expect(writes).toHaveLength(1);
      for (const part of ["insert into idempotency_record", "post_journal(", "insert into notification", "insert into outgoing_mail", "pgboss.job"]) {
        expect(writes[0]).toContain(part);
      }
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      transaction.mockRestore();
    }
    expect(await summary(jon)).toMatchObject({ mainBalanceCents: 100 });
  });
});
