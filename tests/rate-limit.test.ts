import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit } from "../server/db/schema.js";
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

describe("rate limits", () => {
  it("answer a burst of wrong logins with 429 and a clear message", async () => {
    const client = first.client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await signIn(client, uniqueEmail(), "Wrong-Password-11")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await signIn(client, uniqueEmail(), "Wrong-Password-11");
    expect(limited.headers.get("x-retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).message).toMatch(/too many/i);
  });

  it("are counted in the database, so every server shares them", async () => {
    const ip = "10.200.0.1";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      statuses.push((await signIn(server.client(ip), uniqueEmail(), "Wrong-Password-11")).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const [row] = await database.handle.db.select({ rows: count() }).from(rateLimit);
    expect(row?.rows).toBeGreaterThan(0);
  });

  it("limit each address separately", async () => {
    for (let attempt = 0; attempt < 6; attempt++) await signIn(first.client("10.201.0.1"), uniqueEmail(), "Wrong-Password-11");
    const email = uniqueEmail();
    const other = first.client("10.201.0.2");
    expect((await signUp(other, { email })).status).toBe(200);
    expect((await signIn(other, email)).status).toBe(200);
  });

  it("cover sign-up and password reset too", async () => {
    const signUpClient = first.client("10.202.0.1");
    const signUps: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) signUps.push((await signUp(signUpClient, { email: uniqueEmail() })).status);
    expect(signUps.at(-1)).toBe(429);

    const resetClient = first.client("10.202.0.2");
    const resets: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      resets.push((await resetClient.post("/api/auth/request-password-reset", { email: uniqueEmail(), redirectTo: "/reset-password" })).status);
    }
    expect(resets).toEqual([200, 200, 200, 429]);
  });

  it("ignore a client-supplied address header the server did not set", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const client = first.client("10.203.0.1");
      const response = await client.request("/api/auth/sign-in/email", {
        body: { email: uniqueEmail(), password: "Wrong-Password-11" },
        headers: { "x-termvest-client-ip": `192.0.2.${attempt}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
