import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moneyRequest, transfer } from "#server/db/schema.js";
import { UNKNOWN_RECIPIENT_LIMIT } from "#server/services/transfers/find-recipient.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail } from "./helpers/test-server.js";

// The lookup limit obeys RATE_LIMIT like every other limit; the test server turns them off by default.
const suite = serverSuite({ RATE_LIMIT: "on" });
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const rows = async (table: typeof transfer | typeof moneyRequest) => (await suite.database.handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const transferTo = (from: Person, toEmail: string, amountCents = 1) => from.client.post("/api/transfers", { toEmail, amountCents });
const requestFrom = (by: Person, fromEmail: string) => by.client.post("/api/money-requests", { fromEmail, amountCents: 100 });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("recipient lookups", () => {
  it("answer an unknown address exactly like any other refused recipient, and move nothing", async () => {
    const sender = await person({ funds: 10_000n });
    const unknown = await answer(await transferTo(sender, uniqueEmail("nobody")));
    const self = await answer(await transferTo(sender, sender.email));
    expect(unknown).toEqual(self);
    expect(unknown).toEqual({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", message: "We could not send this. Check the e-mail address and try again.", fields: { toEmail: "We could not send this. Check the e-mail address and try again." } } },
    });
    expect(JSON.stringify(unknown)).not.toMatch(/no account|not found|no such/i);
    expect((await summary(sender)).mainBalanceCents).toBe(10_000);

    const requests = await rows(moneyRequest);
    const unknownRequest = await answer(await requestFrom(sender, uniqueEmail("nobody")));
    expect(unknownRequest).toEqual(await answer(await requestFrom(sender, sender.email)));
    expect(unknownRequest).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED", fields: { fromEmail: "No other Termvest account uses this e-mail address. Ask them for the e-mail address they sign in with." } } } });
    expect(await rows(moneyRequest)).toBe(requests);
  });

  it(`allow ${UNKNOWN_RECIPIENT_LIMIT.max} unknown addresses an hour per user, then 429, while payments to real people still go through`, async () => {
    const prober = await person({ funds: 10_000n });
    const friend = await person();
    for (let attempt = 0; attempt < UNKNOWN_RECIPIENT_LIMIT.max; attempt++) {
      // Transfers and requests share one budget: both are ways to ask "does this address have an account?".
      const response = attempt % 2 === 0 ? await transferTo(prober, uniqueEmail("probe")) : await requestFrom(prober, uniqueEmail("probe"));
      expect(response.status).toBe(400);
    }
    const over = await transferTo(prober, uniqueEmail("probe"));
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("RATE_LIMITED");
    expect((await requestFrom(prober, uniqueEmail("probe"))).status).toBe(429);

    expect((await transferTo(prober, friend.email, 250)).status).toBe(201);
    expect((await requestFrom(prober, friend.email)).status).toBe(201);
    expect((await summary(friend)).mainBalanceCents).toBe(250);

    // The budget is the prober's own: someone else's mistyped address is still just a refusal.
    expect((await transferTo(friend, uniqueEmail("typo"))).status).toBe(400);
  });

  it("never count transfers to existing accounts", async () => {
    const sender = await person({ funds: 10_000n });
    const friend = await person();
    for (let index = 0; index < UNKNOWN_RECIPIENT_LIMIT.max + 5; index++) expect((await transferTo(sender, friend.email)).status).toBe(201);
    for (let index = 0; index < UNKNOWN_RECIPIENT_LIMIT.max; index++) expect((await transferTo(sender, uniqueEmail("typo"))).status).toBe(400);
    expect((await transferTo(sender, uniqueEmail("typo"))).status).toBe(429);
    expect(await rows(transfer)).toBeGreaterThanOrEqual(UNKNOWN_RECIPIENT_LIMIT.max + 5);
  });
});
