import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessage } from "#server/db/schema.js";
import { CONTACT_MESSAGES } from "#shared/schemas/contact.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { startTestServer, uniqueEmail, type TestServer } from "./helpers/test-server.js";

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // The contact limit obeys RATE_LIMIT like the sign-in limits; the test server turns them off by default.
  server = await startTestServer(database.handle, { RATE_LIMIT: "on", SUPPORT_EMAIL: "help@termvest.test" });
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

const valid = () => ({ name: "Ada Obi", email: uniqueEmail("contact"), subject: "About the Gold plan", message: "How long is the term?" });

async function storedMessages() {
  const [row] = await database.handle.db.select({ rows: count() }).from(contactMessage);
  return row?.rows ?? 0;
}

async function send(body: unknown, ip?: string) {
  return server.client(ip).post("/api/contact", body);
}

describe("POST /api/contact", () => {
  it("stores the message, trimmed, and answers 201 with its id", async () => {
    const input = valid();
    const response = await send({ ...input, name: `  ${input.name} `, message: `\n${input.message}  ` });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toEqual(expect.any(String));

    const [row] = await database.handle.db.select().from(contactMessage).where(eq(contactMessage.id, id));
    expect(row).toMatchObject({ id, name: input.name, email: input.email, subject: input.subject, message: input.message });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    ["absent", {}],
    ["empty", { subject: "" }],
    ["blank", { subject: "   " }],
    ["null", { subject: null }],
  ])("takes a message without a subject (%s) and stores NULL", async (_label, subject) => {
    const { subject: _dropped, ...input } = valid();
    const response = await send({ ...input, ...subject });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.handle.db.select().from(contactMessage).where(eq(contactMessage.id, id));
    expect(row).toMatchObject({ email: input.email, subject: null });
  });

  it.each([
    ["name", { name: "" }, CONTACT_MESSAGES.nameRequired],
    ["name", { name: "   " }, CONTACT_MESSAGES.nameRequired],
    ["name", { name: undefined }, CONTACT_MESSAGES.nameRequired],
    ["name", { name: "x".repeat(101) }, CONTACT_MESSAGES.nameTooLong],
    ["name", { name: 42 }, "Name must be text."],
    ["email", { email: "" }, CONTACT_MESSAGES.emailRequired],
    ["email", { email: "not-an-email" }, "Invalid email format"],
    ["subject", { subject: "x".repeat(201) }, CONTACT_MESSAGES.subjectTooLong],
    ["message", { message: "" }, CONTACT_MESSAGES.messageRequired],
    ["message", { message: " \n " }, CONTACT_MESSAGES.messageRequired],
    ["message", { message: "x".repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
  ])("refuses a bad %s (%j) with 400 naming the field, and stores nothing", async (field, change, message) => {
    const before = await storedMessages();
    const response = await send({ ...valid(), ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields).toEqual({ [field]: message });
    expect(await storedMessages()).toBe(before);
  });

  it("accepts the longest allowed values", async () => {
    const response = await send({ ...valid(), name: "n".repeat(100), subject: "s".repeat(200), message: "m".repeat(5000) });
    expect(response.status).toBe(201);
  });

  it("names every missing required field at once", async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it.each([
    ["malformed JSON", "{ name: 'Ada'"],
    ["an empty body", ""],
  ])("answers %s with 400 and stores nothing", async (_label, raw) => {
    const before = await storedMessages();
    const response = await fetch(new URL("/api/contact", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.253.0.1", Origin: server.url },
      body: raw,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    expect(await storedMessages()).toBe(before);
  });

  it.each([
    ["null", null],
    ["an array", [valid()]],
    ["a string", "hello"],
  ])("answers a JSON body that is %s with 400", async (_label, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("refuses a body larger than any valid message could be", async () => {
    const before = await storedMessages();
    const response = await send({ ...valid(), message: "x".repeat(100_000) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await storedMessages()).toBe(before);
  });

  it("refuses the 6th message from one address in ten minutes, while another address still gets through", async () => {
    const ip = "10.251.0.1";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await send(valid(), ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);

    const before = await storedMessages();
    const limited = await send(valid(), ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: "RATE_LIMITED", message: CONTACT_MESSAGES.rateLimited } });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await storedMessages()).toBe(before);

    expect((await send(valid(), "10.251.0.2")).status).toBe(201);
  });

  it("counts invalid submissions against the limit too", async () => {
    const ip = "10.252.0.1";
    for (let attempt = 0; attempt < 5; attempt++) expect((await send({}, ip)).status).toBe(400);
    expect((await send(valid(), ip)).status).toBe(429);
  });

  it("e-mails support a plain-text copy that says whom to answer", async () => {
    const input = valid();
    const response = await send(input);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    await expect.poll(() => server.mailer.to("help@termvest.test").some((sent) => sent.text.includes(id))).toBe(true);
    const mail = server.mailer.to("help@termvest.test").find((sent) => sent.text.includes(id));
    expect(mail?.subject).toContain(input.subject);
    expect(mail?.html).toBeUndefined();
    expect(mail?.text).toContain(input.name);
    expect(mail?.text).toContain(input.message);
    expect(mail?.text).toContain(`To answer, write to ${input.email}`);
  });

  it("refuses a subject typed with line breaks, so no mail header can be added through it", async () => {
    const before = await storedMessages();
    const sentBefore = server.mailer.sent.length;
    const response = await send({ ...valid(), subject: "Hello\r\nBcc: victim@example.com" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ subject: "Subject must not contain control characters." });
    expect(await storedMessages()).toBe(before);
    expect(server.mailer.sent.length).toBe(sentBefore);
  });

  it("still stores the message and answers 201 when the mail cannot be sent, and sends the copy once the server is back", async () => {
    const input = valid();
    server.mailer.failing = true;
    let id = "";
    try {
      const response = await send(input);
      expect(response.status).toBe(201);
      id = ((await response.json()) as { id: string }).id;
      const [row] = await database.handle.db.select().from(contactMessage).where(eq(contactMessage.id, id));
      expect(row?.email).toBe(input.email);
      await expect.poll(() => server.logs.some((line) => line.includes("mail not sent") && line.includes("contact-message"))).toBe(true);
      expect(server.mailer.sent.some((sent) => sent.text.includes(id))).toBe(false);
      // The failure is logged without the visitor's address or words.
      const logged = server.logs.filter((line) => line.includes("mail not sent"));
      expect(logged.some((line) => line.includes(input.email) || line.includes(input.message))).toBe(false);
    } finally {
      server.mailer.failing = false;
    }
    // The retry is due after its backoff (30 s): move the clock past it; the move also runs the mail
    // sweep, which sends what is due by the app's clock (the retry's own job waits in database time).
    expect((await server.client().request("/dev/clock", { body: { days: 1 / 24 / 60 } })).status).toBe(200);
    await expect.poll(() => server.mailer.to("help@termvest.test").filter((sent) => sent.text.includes(id)).length, { timeout: 8_000 }).toBe(1);
  });
});
