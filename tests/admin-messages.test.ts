import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outgoingMail } from "#server/db/schema.js";
import { LIST_COUNT_CAP } from "#shared/schemas/admin-list.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail } from "./helpers/test-server.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;

async function contactMessage(email = uniqueEmail("visitor")) {
  const response = await suite.server.client().post("/api/contact", { name: "Ada Visitor", email, subject: "Where is my money?", message: "Hello,\nI have a question." });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, email };
}

const repliesTo = async (email: string) =>
  (await db().select().from(outgoingMail).where(and(eq(outgoingMail.kind, "contact-reply"), eq(outgoingMail.to, email))));

describe("the contact inbox", () => {
  it("answers 401 signed out and 403 to users, on every route", async () => {
    const user = await person(suite);
    for (const [method, path] of [["get", "/api/admin/messages"], ["post", "/api/admin/messages/x/reply"], ["post", "/api/admin/messages/x/archive"]] as const) {
      const anonymous = suite.server.client();
      expect((method === "get" ? await anonymous.get(path) : await anonymous.post(path, { text: "hi" })).status).toBe(401);
      expect((method === "get" ? await user.client.get(path) : await user.client.post(path, { text: "hi" })).status).toBe(403);
    }
  });

  it("lists new messages; a reply queues one e-mail, answers it and is audited; archive files it", async () => {
    const admin = await person(suite, { admin: true });
    const first = await contactMessage();
    const second = await contactMessage();
    const newOnes = await (await admin.client.get("/api/admin/messages?status=new")).json();
    expect(newOnes.items.map((row: { id: string }) => row.id).slice(0, 2)).toEqual([second.id, first.id]);
    const unreadBefore = newOnes.total;

    // A double click without a key and a retry with one: one e-mail, one answer.
    const key = { "Idempotency-Key": "reply-key-0001" };
    const body = { text: "Thank you for writing.\nYour deposit was confirmed." };
    const answers = await Promise.all([
      admin.client.request(`/api/admin/messages/${first.id}/reply`, { method: "POST", body, headers: key }),
      admin.client.post(`/api/admin/messages/${first.id}/reply`, body),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const retried = await admin.client.request(`/api/admin/messages/${first.id}/reply`, { method: "POST", body, headers: key });
    expect([200, 409]).toContain(retried.status);

    const mails = await repliesTo(first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Re: Where is my money?" });
    expect(mails[0]?.text).toContain("Your deposit was confirmed.");
    expect(mails[0]?.text).toContain("> I have a question.");

    const answered = await (await admin.client.get("/api/admin/messages?status=answered")).json();
    expect(answered.items.find((row: { id: string }) => row.id === first.id)).toMatchObject({ status: "answered", replyText: body.text, repliedByEmail: admin.email });
    expect((await (await admin.client.get("/api/admin/messages?status=new")).json()).total).toBe(unreadBefore - 1);

    const archived = await admin.client.post(`/api/admin/messages/${second.id}/archive`);
    expect(archived.status).toBe(200);
    expect(await archived.json()).toMatchObject({ status: "archived" });
    expect((await admin.client.post(`/api/admin/messages/${second.id}/archive`)).status).toBe(409);
    expect((await admin.client.post(`/api/admin/messages/${second.id}/reply`, body)).status).toBe(409);
    expect(await repliesTo(second.email)).toHaveLength(0);
    expect((await admin.client.post(`/api/admin/messages/nope/archive`)).status).toBe(404);

    const audit = (await db().execute(sql`select action from audit_log where target_id in (${first.id}, ${second.id}) order by seq`)) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((row) => row.action)).toEqual(["contact.reply", "contact.archive"]);
  });

  it("refuses an empty reply, a bad status and an oversized page", async () => {
    const admin = await person(suite, { admin: true });
    const message = await contactMessage();
    const empty = await admin.client.post(`/api/admin/messages/${message.id}/reply`, { text: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe("Write a reply first.");
    expect((await admin.client.get("/api/admin/messages?status=spam")).status).toBe(400);
    expect((await admin.client.get("/api/admin/messages?limit=500")).status).toBe(400);
    const page = await (await admin.client.get("/api/admin/messages?limit=1")).json();
    expect(page).toMatchObject({ nextCursor: expect.any(String), total: expect.any(Number) });
    expect(page.items).toHaveLength(1);
    expect(await repliesTo(message.email)).toHaveLength(0);
  });
});

describe("the inbox's order", () => {
  it("is newest first by default, and follows sort (createdAt, status, either way); an unknown sort is a 400", async () => {
    const admin = await person(suite, { admin: true });
    const [a, b, c] = [await contactMessage(), await contactMessage(), await contactMessage()];
    expect((await admin.client.post(`/api/admin/messages/${b.id}/archive`)).status).toBe(200);
    const mine = new Set([a.id, b.id, c.id]);
    const order = async (query: string) => {
      const response = await admin.client.get(`/api/admin/messages?limit=100${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { items: Array<{ id: string }> }).items.map((row) => row.id).filter((id) => mine.has(id));
    };
    expect(await order("")).toEqual([c.id, b.id, a.id]);
    expect(await order("&sort=-createdAt")).toEqual([c.id, b.id, a.id]);
    expect(await order("&sort=createdAt")).toEqual([a.id, b.id, c.id]);
    // "archived" before "new"; two new ones tie, and the id orders them, in the same direction.
    const newOnes = [a.id, c.id].sort();
    expect(await order("&sort=status")).toEqual([b.id, ...newOnes]);
    expect(await order("&sort=-status")).toEqual([...newOnes.reverse(), b.id]);

    for (const sort of ["email", "-name", ""]) {
      const refused = await admin.client.get(`/api/admin/messages?sort=${sort}`);
      expect(refused.status, sort).toBe(400);
      expect((await refused.json()).error.message).toContain("sort must be one of createdAt, status");
    }
  });
});

describe("a list's count (decision 0063)", () => {
  it("counts matches up to the cap and says when there are more, the page unchanged", async () => {
    const admin = await person(suite, { admin: true });
    const count = async () => (await (await admin.client.get("/api/admin/messages?status=archived&limit=5")).json()) as { items: unknown[]; total: number; totalCapped: boolean };
    const before = (await count()).total;
    await db().execute(sql`insert into contact_message (id, name, email, message, status, created_at)
      select 'cap-' || g, 'Capped', 'capped@example.com', 'Hello', 'archived', now() - g * interval '1 second' from generate_series(1, ${LIST_COUNT_CAP - before}) g`);
    expect(await count()).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: false });
    await db().execute(sql`insert into contact_message (id, name, email, message, status) values ('cap-over', 'Capped', 'capped@example.com', 'Hello', 'archived')`);
    const over = await count();
    expect(over).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(over.items).toHaveLength(5);
  });
});
