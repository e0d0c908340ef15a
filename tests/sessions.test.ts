import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { signIn, signUp, startTestServer, uniqueEmail, type TestServer } from "./helpers/test-server.js";

const DAY = 86_400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // A 2-second idle timeout and a 3-second absolute lifetime, so the test can watch both.
  server = await startTestServer(database.handle, { SESSION_IDLE_DAYS: String(2 / DAY), SESSION_MAX_DAYS: String(3 / DAY) });
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

const session = async (client: ReturnType<TestServer["client"]>) => (await client.get("/api/auth/get-session")).json();

describe("session lifetime", () => {
  it("ends a session left idle longer than the idle timeout", async () => {
    const email = uniqueEmail();
    await signUp(server.client(), { email });
    const client = server.client();
    await signIn(client, email);
    expect(await session(client)).not.toBeNull();
    await sleep(2_300);
    expect(await session(client)).toBeNull();
  });

  it("ends an active session at its absolute lifetime", async () => {
    const email = uniqueEmail();
    await signUp(server.client(), { email });
    const client = server.client();
    await signIn(client, email);
    // Activity every 1.1 s keeps refreshing the 2 s idle window...
    for (let step = 0; step < 2; step++) {
      await sleep(1_100);
      expect(await session(client)).not.toBeNull();
    }
    // ...but never past 3 s from sign-in.
    await sleep(1_100);
    expect(await session(client)).toBeNull();
  });
});
