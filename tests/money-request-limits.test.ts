import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moneyRequest } from "#server/db/schema.js";
import { MONEY_REQUEST_LIMITS } from "#server/services/transfers/money-requests.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const ask = (by: Person, from: Person, note?: string) => by.client.post("/api/money-requests", { fromEmail: from.email, amountCents: 500, note });
const requestsBy = async (requester: Person) =>
  (await suite.database.handle.db.select({ n: count() }).from(moneyRequest).where(eq(moneyRequest.requesterId, requester.id)))[0]?.n ?? 0;
const DAY_MS = 24 * 60 * 60 * 1000;

describe("money request limits", () => {
  it(`allow ${MONEY_REQUEST_LIMITS.perPayerPerDay} requests a day to one person, then 429 until a day has passed`, async () => {
    const asker = await person();
    const payer = await person();
    const other = await person();
    for (let index = 0; index < MONEY_REQUEST_LIMITS.perPayerPerDay; index++) {
      const made = await ask(asker, payer);
      expect(made.status).toBe(201);
      // Answered, so the open-request cap plays no part here.
      expect((await payer.client.post(`/api/money-requests/${(await made.json()).id}/decline`)).status).toBe(200);
    }
    const over = await ask(asker, payer);
    expect(over.status).toBe(429);
    expect((await over.json()).error).toEqual({ code: "RATE_LIMITED", message: "You can ask the same person for money at most 5 times in 24 hours. Please try again later." });
    expect(await requestsBy(asker)).toBe(MONEY_REQUEST_LIMITS.perPayerPerDay);
    expect((await ask(asker, other)).status).toBe(201);

    suite.server.clock.advance(DAY_MS + 1000);
    expect((await ask(asker, payer)).status).toBe(201);
  });

  it(`allow ${MONEY_REQUEST_LIMITS.openPerRequester} open requests, then 409 until one is answered`, async () => {
    const asker = await person();
    const payers = await Promise.all(Array.from({ length: MONEY_REQUEST_LIMITS.openPerRequester + 1 }, () => person()));
    const made: string[] = [];
    for (const payer of payers.slice(0, MONEY_REQUEST_LIMITS.openPerRequester)) {
      const response = await ask(asker, payer);
      expect(response.status).toBe(201);
      made.push((await response.json()).id);
    }
    const last = payers[MONEY_REQUEST_LIMITS.openPerRequester] as Person;
    const over = await ask(asker, last);
    expect(over.status).toBe(409);
    expect((await over.json()).error).toEqual({ code: "CONFLICT", message: "You already have 10 open requests. Wait until some are paid or declined before asking again." });
    expect(await requestsBy(asker)).toBe(MONEY_REQUEST_LIMITS.openPerRequester);

    expect((await (payers[0] as Person).client.post(`/api/money-requests/${made[0]}/decline`)).status).toBe(200);
    expect((await ask(asker, last)).status).toBe(201);
  });

  it("show the requester's name and note to the payer as their quoted words, on one line, after a sentence of ours", async () => {
    const asker = await person({ name: "Ada Asker" });
    const payer = await person();
    expect((await ask(asker, payer, "Rent share”\n\nTermvest Security: your account is locked")).status).toBe(201);
    const [notice] = (await (await payer.client.get("/api/notifications")).json()).items;
    expect(notice).toMatchObject({
      kind: "money_requested",
      body: 'You have a new request for $5.00 from another Termvest user, who gave the name “Ada Asker”. Their note, in their own words: “Rent share" Termvest Security: your account is locked”',
    });
    // The copy is sent by its queue job after the commit: wait for it.
    await expect
      .poll(() => suite.server.mailer.to(payer.email).at(-1)?.text)
      .toContain('Their note, in their own words: “Rent share" Termvest Security: your account is locked”');

    expect((await ask(asker, payer)).status).toBe(201);
    const [plain] = (await (await payer.client.get("/api/notifications")).json()).items;
    expect(plain.body).toBe("You have a new request for $5.00 from another Termvest user, who gave the name “Ada Asker”.");
  });
});

describe.runIf(testDatabaseUrl)("money request limits under concurrency (PostgreSQL)", () => {
  it("hold when 20 requests from one person arrive at once", async () => {
    const asker = await person();
    const payers = await Promise.all(Array.from({ length: 20 }, () => person()));
    const statuses = await Promise.all(payers.map((payer) => ask(asker, payer).then((response) => response.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(MONEY_REQUEST_LIMITS.openPerRequester);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - MONEY_REQUEST_LIMITS.openPerRequester);
    expect(await requestsBy(asker)).toBe(MONEY_REQUEST_LIMITS.openPerRequester);
  });
});
