import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { driverClientOf } from "#server/db/driver-client.js";
import { idempotencyRecord, journal, notification, transfer } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { jobNamesMail } from "#server/services/mail/mail-job.js";
import { sendTransfers } from "#server/services/transfers/send-transfer.js";
import { testDatabaseUrl } from "./helpers/database.js";
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

  it("transfers sent at once share statements; one that would overdraw is refused alone and the rest go through", async () => {
    const kai = await person(suite, { funds: 3_700n });
    const payees = [await person(suite), await person(suite), await person(suite)];
    const driver = driverClientOf(db()).client;
    const query = vi.spyOn(driver, "query");
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) => send(kai, { toEmail: payees[index % 3]!.email, amountCents: 100 }, randomUUID())),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(37);
      expect(statuses.filter((status) => status === 409)).toHaveLength(3);
      // How many transfers each transfer statement carried: its second parameter is their ids, as
      // one array (server/services/transfers/send-transfer.ts).
      const carried = query.mock.calls.flatMap(([first, second]) => {
        // pg takes a query config, PGlite the text and its values.
        const { text, values } = typeof first === "string" ? { text: first, values: second as unknown[] } : (first as { text: string; values?: unknown[] });
        return /insert into transfer/i.test(text) ? [String(values?.[1]).split(",").length] : [];
      });
      expect(carried.length).toBeGreaterThan(0);
      // On PostgreSQL, transfers that arrive while one statement runs go together in the next. How
      // many statements that makes depends on timing (a statement that a refusal fails runs each of
      // its transfers again alone), so the test asks only that some statement carried several.
      // PGlite runs one statement at a time, so the requests' own lookups queue behind each
      // transfer and reach it one by one.
      if (testDatabaseUrl) expect(Math.max(...carried)).toBeGreaterThan(1);
    } finally {
      query.mockRestore();
    }
    expect(await transfersOf(kai.id)).toHaveLength(37);
    expect(await summary(kai)).toMatchObject({ mainBalanceCents: 0 });
    const received = await Promise.all(payees.map(async (payee) => (await summary(payee)).mainBalanceCents));
    expect(received.reduce((sum, cents) => sum + cents, 0)).toBe(3_700);
    const notes = await db().select().from(notification).where(eq(notification.userId, kai.id));
    expect(notes).toHaveLength(37);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("in one statement, a key given to two orders is claimed for the first; the second is a replay of it", async () => {
    const lea = await person(suite, { funds: 1_000n, name: "Lea Udo" });
    const max = await person(suite, { name: "Max Ola" });
    const claim = { userId: lea.id, key: randomUUID(), fingerprint: "same request" };
    const order = { sender: { ...lea, name: "Lea Udo" }, recipient: { ...max, name: "Max Ola" }, amountCents: 300n, now: new Date(), claim };
    const [first, second] = await sendTransfers(db(), [order, order]);
    expect(second).toBeUndefined();
    const [record] = await db().select().from(idempotencyRecord).where(and(eq(idempotencyRecord.userId, lea.id), eq(idempotencyRecord.key, claim.key)));
    expect(record?.body).toEqual(first!.transfer);
    expect((await transfersOf(lea.id)).map((row) => row.id)).toEqual([first!.transfer.id]);
    expect(await summary(max)).toMatchObject({ mainBalanceCents: 300 });
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
      for (const part of ["insert into idempotency_record", "post_journals(", "insert into notification", "insert into outgoing_mail", "pgboss.job"]) {
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
