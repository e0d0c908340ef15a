import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyRecord, journal, notification, outgoingMail, transfer } from "#server/db/schema.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { person, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

/**
 * POST /api/transfers writes its idempotency record with the transfer's row and both
 * notifications in one statement (decision 0035): the rules of a money route stay the same.
 */
const suite = serverSuite();
const db = () => suite.database.handle.db;

const send = (from: Person, body: object, key?: string) =>
  from.client.request("/api/transfers", { body, headers: key ? { "Idempotency-Key": key } : {} });

async function transfersOf(userId: string) {
  return db().select().from(transfer).where(eq(transfer.fromUserId, userId));
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
    const mails = await db().select().from(outgoingMail).where(inArray(outgoingMail.to, [ada.email, ben.email]));
    expect(mails.filter((m) => m.kind.startsWith("transfer_")).map((m) => [m.to, m.kind, m.text]).sort()).toEqual(
      [
        [ben.email, "transfer_received", "Ada Obi sent you $25.00: rent"],
        [ada.email, "transfer_sent", "You sent $25.00 to Ben Eze."],
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
