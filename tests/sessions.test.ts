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

type Client = ReturnType<TestServer["client"]>;

/**
 * Asked the way the web app asks who is signed in (GET /api/session), and through a signed-in read:
 * both look the session up in the database on every request.
 */
const asks: Array<[string, (client: Client) => Promise<boolean>]> = [
  ["GET /api/session", async (client) => (await (await client.get("/api/session")).json()) !== null],
  ["GET /api/me/summary", async (client) => (await client.get("/api/me/summary")).status === 200],
];

describe.each(asks)("session lifetime, asked through %s", (_name, signedIn) => {
  const session = async (client: Client) => ((await signedIn(client)) ? "signed in" : null);

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
    // Asked at once (long before the 1 s refresh is due), then every 1.1 s: the activity keeps
    // refreshing the 2 s idle window...
    expect(await session(client)).not.toBeNull();
    for (let step = 0; step < 2; step++) {
      await sleep(1_100);
      expect(await session(client)).not.toBeNull();
    }
    // ...but never past 3 s from sign-in.
    await sleep(1_100);
    expect(await session(client)).toBeNull();
  });
});
