import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit } from "#server/db/schema.js";
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from "#server/auth/sign-in-guard.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { STATEMENT_LIMIT } from "#server/routes/statements.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { signIn, signUp, startTestServer, uniqueEmail, type TestServer } from "./helpers/test-server.js";

let database: TestDatabase;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two servers over one database, as a fleet behind a load balancer would be.
  first = await startTestServer(database.handle, { RATE_LIMIT: "on" });
  second = await startTestServer(database.handle, { RATE_LIMIT: "on" });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.dispose();
});

/** A different address for every attempt, like a credential-stuffing botnet. */
let octet = 0;
const freshAddress = () => `10.${100 + Math.floor(++octet / 250)}.${octet % 250}.${(octet * 7) % 250}`;

describe("failed sign-ins per account", () => {
  it(`lock an account after ${ACCOUNT_FAILURES} wrong passwords from as many addresses, for everyone, across servers`, async () => {
    const email = uniqueEmail("target");
    await signUp(first.client(), { email });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ACCOUNT_FAILURES; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      statuses.push((await signIn(server.client(freshAddress()), email, `Wrong-Password-${attempt}`)).status);
    }
    expect(statuses).toEqual(Array(ACCOUNT_FAILURES).fill(401));

    // Now even the right password, from an address never seen, is refused for 15 minutes.
    const locked = await signIn(second.client(freshAddress()), email);
    expect(locked.status).toBe(429);
    expect((await locked.json()).error).toEqual({ code: "RATE_LIMITED", message: MESSAGES.signInLocked });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const [row] = await database.handle.db.select({ rows: count() }).from(rateLimit);
    expect(row?.rows).toBeGreaterThan(0);
  });

  it("answer an unknown address exactly like a known one, locked or not", async () => {
    const known = uniqueEmail("known");
    const unknown = uniqueEmail("ghost");
    await signUp(first.client(), { email: known });
    for (const email of [known, unknown]) {
      for (let attempt = 0; attempt < ACCOUNT_FAILURES; attempt++) await signIn(first.client(freshAddress()), email, "Wrong-Password-11");
    }
    const forKnown = await signIn(first.client(freshAddress()), known, "Wrong-Password-11");
    const forUnknown = await signIn(first.client(freshAddress()), unknown, "Wrong-Password-11");
    expect(forKnown.status).toBe(429);
    expect(forUnknown.status).toBe(429);
    expect(await forKnown.json()).toEqual(await forUnknown.json());
  });

  it("forget an account's earlier failures once its owner signs in", async () => {
    const email = uniqueEmail();
    await signUp(first.client(), { email });
    for (let attempt = 0; attempt < ACCOUNT_FAILURES - 1; attempt++) await signIn(first.client(freshAddress()), email, "Wrong-Password-11");
    expect((await signIn(first.client(freshAddress()), email)).status).toBe(200);
    for (let attempt = 0; attempt < ACCOUNT_FAILURES - 1; attempt++) await signIn(first.client(freshAddress()), email, "Wrong-Password-11");
    expect((await signIn(first.client(freshAddress()), email)).status).toBe(200);
  });
});

describe("one address shared by many people", () => {
  it("lets an office of 20 sign up and sign in, while one of them keeps typing a wrong password", async () => {
    const office = "10.250.0.1";
    const careless = uniqueEmail("careless");
    await signUp(first.client(office), { email: careless });
    const statuses: number[] = [];
    for (let colleague = 0; colleague < 20; colleague++) {
      const email = uniqueEmail("colleague");
      statuses.push((await signUp(first.client(office), { email })).status);
      if (colleague % 2 === 0) await signIn(first.client(office), careless, "Wrong-Password-11");
      statuses.push((await signIn(first.client(office), email)).status);
    }
    expect(statuses).toEqual(Array(40).fill(200));
  });

  it(`refuses an address after ${ADDRESS_FAILURES} wrong passwords over any accounts, and only that address`, async () => {
    const address = "10.251.0.9";
    for (let attempt = 0; attempt < ADDRESS_FAILURES; attempt++) {
      expect((await signIn(first.client(address), uniqueEmail(), "Wrong-Password-11")).status).toBe(401);
    }
    const email = uniqueEmail();
    await signUp(first.client(), { email });
    expect((await signIn(first.client(address), email)).status).toBe(429);
    expect((await signIn(first.client("10.251.0.10"), email)).status).toBe(200);
  });

  it("is told apart by the server, never by a header the client sent", async () => {
    const address = "10.252.0.1";
    const email = uniqueEmail();
    await signUp(first.client(), { email });
    for (let attempt = 0; attempt < ACCOUNT_FAILURES; attempt++) {
      await first.client(address).request("/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-11" },
        headers: { "x-termvest-client-ip": `192.0.2.${attempt}` },
      });
    }
    expect((await signIn(first.client("10.252.0.2"), email)).status).toBe(429);
  });
});

describe("sign-up and password reset per address", () => {
  it("allow 30 sign-ups an hour from one address, then 429", async () => {
    const client = first.client("10.253.0.1");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await signUp(client, { email: uniqueEmail() })).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });

  it("allow 10 reset requests per 10 minutes from one address, then 429", async () => {
    const client = first.client("10.253.0.2");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await client.post("/api/auth/request-password-reset", { email: uniqueEmail(), redirectTo: "/reset-password" })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("send one account at most 3 reset mails an hour, however many addresses ask, with the same answer", async () => {
    const email = uniqueEmail("victim");
    await signUp(first.client(), { email });
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await first.client(freshAddress()).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
      expect(response.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect.poll(() => first.mailer.to(email).filter((mail) => /reset/i.test(mail.subject)).length).toBe(3);
  });
});

/** A new person, signed in on the first server. */
async function signedIn() {
  const email = uniqueEmail();
  await signUp(first.client(), { email });
  const client = first.client();
  await signIn(client, email);
  return client;
}

describe("history downloads", () => {
  it("allow ten CSV statements per user in ten minutes, then 429, and other users are not affected", async () => {
    const heavy = await signedIn();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await heavy.get("/api/transactions?format=csv")).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect((await (await signedIn()).get("/api/transactions?format=csv")).status).toBe(200);
  });
});

describe("statement downloads", () => {
  it(`allow ${STATEMENT_LIMIT.max} PDF statements per user in ten minutes, counted before any is read, then 429, and other users are not affected`, async () => {
    const heavy = await signedIn();
    // A month not over yet costs nothing to refuse, but counts like one that is read and drawn.
    const month = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= STATEMENT_LIMIT.max; attempt++) {
      statuses.push((await heavy.get(attempt % 3 === 0 ? `/api/statements/yearly/2999` : `/api/statements/monthly/${month}`)).status);
    }
    expect(statuses).toEqual([...Array(STATEMENT_LIMIT.max).fill(400), 429]);
    const refused = await heavy.get(`/api/statements/monthly/${month}`);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await (await signedIn()).get(`/api/statements/monthly/${month}`)).status).toBe(400);
  });
});
