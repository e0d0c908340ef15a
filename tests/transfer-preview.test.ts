import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { journal, transfer } from "#server/db/schema.js";
import { UNKNOWN_RECIPIENT_LIMIT } from "#server/services/transfers/find-recipient.js";
import { TRANSFER_PREVIEW_LIMIT } from "#server/services/transfers/preview-transfer.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail } from "./helpers/test-server.js";

// The preview's own limit obeys RATE_LIMIT like every other limit; the test server turns them off by default.
const suite = serverSuite({ RATE_LIMIT: "on" });
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const rows = async (table: typeof transfer | typeof journal) => (await suite.database.handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const preview = (from: Person, toEmail: unknown, amountCents: unknown = 100) => from.client.post("/api/transfers/preview", { toEmail, amountCents });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("POST /api/transfers/preview", () => {
  it("names the recipient as their account shows it and says whether the Main Balance covers the amount, moving nothing", async () => {
    const sender = await person({ funds: 10_000n });
    const receiver = await person({ name: "Ngozi Umeh", funds: 1_000_000n });
    const [transfers, journals] = [await rows(transfer), await rows(journal)];
    const before = [await summary(sender), await summary(receiver)];

    expect(await answer(await preview(sender, receiver.email, 10_000))).toEqual({
      status: 200,
      body: { toName: "Ngozi Umeh", toEmail: receiver.email, amountCents: 10_000, withinBalance: true },
    });
    // One cent over the sender's own balance; the recipient's far larger balance plays no part and is never shown.
    const over = await answer(await preview(sender, receiver.email, 10_001));
    expect(over).toEqual({ status: 200, body: { toName: "Ngozi Umeh", toEmail: receiver.email, amountCents: 10_001, withinBalance: false } });
    expect(Object.keys(over.body).sort()).toEqual(["amountCents", "toEmail", "toName", "withinBalance"]);
    expect(JSON.stringify(over.body)).not.toContain(receiver.id);
    // The address as the caller typed it, trimmed; the lookup ignores case as the send does.
    const shouting = ` ${receiver.email.toUpperCase()} `;
    expect(await answer(await preview(sender, shouting, 500))).toMatchObject({ status: 200, body: { toName: "Ngozi Umeh", toEmail: shouting.trim() } });

    expect(await rows(transfer)).toBe(transfers);
    expect(await rows(journal)).toBe(journals);
    expect([await summary(sender), await summary(receiver)]).toEqual(before);
  });

  it("refuses an unknown address and the caller's own with the send's own answer, and an unverified recipient is named as the send would name them", async () => {
    const sender = await person({ funds: 10_000n });
    const unverified = await person({ name: "Bayo Unverified", verified: false });
    const unknownPreview = await answer(await preview(sender, uniqueEmail("nobody")));
    const selfPreview = await answer(await preview(sender, sender.email));
    const unknownSend = await answer(await sender.client.post("/api/transfers", { toEmail: uniqueEmail("nobody"), amountCents: 100 }));
    expect(unknownPreview).toEqual(selfPreview);
    expect(unknownPreview).toEqual(unknownSend);
    expect(unknownPreview).toEqual({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", message: "We could not send this. Check the e-mail address and try again.", fields: { toEmail: "We could not send this. Check the e-mail address and try again." } } },
    });

    // A transfer to an account that has not confirmed its address goes through, so its review names it too.
    expect(await answer(await preview(sender, unverified.email))).toMatchObject({ status: 200, body: { toName: "Bayo Unverified" } });
    const sent = await answer(await sender.client.post("/api/transfers", { toEmail: unverified.email, amountCents: 100 }));
    expect(sent).toMatchObject({ status: 201, body: { toName: "Bayo Unverified" } });
  });

  it("answers bad input with the shared schema's messages per field", async () => {
    const sender = await person({ funds: 10_000n });
    const receiver = await person();
    expect(await answer(await preview(sender, "not-an-email"))).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED", fields: { toEmail: expect.any(String) } } } });
    expect(await answer(await preview(sender, receiver.email, 0))).toMatchObject({ status: 400, body: { error: { fields: { amountCents: "Amount must be more than zero." } } } });
    expect(await answer(await preview(sender, receiver.email, 12.5))).toMatchObject({ status: 400, body: { error: { fields: { amountCents: "Amount must be a whole number of cents." } } } });
    expect(await answer(await preview(sender, receiver.email, "100"))).toMatchObject({ status: 400, body: { error: { fields: { amountCents: "Amount must be a whole number of cents." } } } });
    expect(await answer(await sender.client.post("/api/transfers/preview", {}))).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED" } } });
  });

  it("is for signed-in users with a verified address, from our own pages only", async () => {
    const receiver = await person({ name: "Ngozi Umeh" });
    const visitor = suite.server.client();
    const anonymous = await answer(await visitor.post("/api/transfers/preview", { toEmail: receiver.email, amountCents: 100 }));
    expect(anonymous).toMatchObject({ status: 401, body: { error: { code: "UNAUTHENTICATED" } } });
    expect(JSON.stringify(anonymous)).not.toContain("Ngozi");

    const unverified = await person({ verified: false, funds: 10_000n });
    const refused = await answer(await preview(unverified, receiver.email));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "EMAIL_NOT_VERIFIED" } } });
    expect(JSON.stringify(refused)).not.toContain("Ngozi");

    const sender = await person({ funds: 10_000n });
    const forged = await sender.client.request("/api/transfers/preview", { body: { toEmail: receiver.email, amountCents: 100 }, headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error.code).toBe("CSRF_REJECTED");
  });

  it(`allows ${TRANSFER_PREVIEW_LIMIT.max} reviews an hour per user, found addresses included, then 429 with Retry-After`, async () => {
    const sender = await person({ funds: 10_000n });
    const receiver = await person();
    for (let attempt = 0; attempt < TRANSFER_PREVIEW_LIMIT.max; attempt++) expect((await preview(sender, receiver.email)).status).toBe(200);
    const over = await preview(sender, receiver.email);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await over.json()).error).toEqual({ code: "RATE_LIMITED", message: "Too many transfer reviews. Please try again later." });
    // The budget is the sender's own, and it never blocks the send itself.
    expect((await preview(receiver, sender.email)).status).toBe(200);
    expect((await sender.client.post("/api/transfers", { toEmail: receiver.email, amountCents: 100 })).status).toBe(201);
  });

  it("counts unknown addresses against the budget the send and money requests share", async () => {
    const prober = await person({ funds: 10_000n });
    for (let attempt = 0; attempt < UNKNOWN_RECIPIENT_LIMIT.max; attempt++) expect((await preview(prober, uniqueEmail("probe"))).status).toBe(400);
    expect((await preview(prober, uniqueEmail("probe"))).status).toBe(429);
    expect((await prober.client.post("/api/transfers", { toEmail: uniqueEmail("probe"), amountCents: 100 })).status).toBe(429);
  });
});
