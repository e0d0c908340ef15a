import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { startTestServer, type TestServer } from "./test-server.js";

export interface ServerSuite {
  readonly database: TestDatabase;
  readonly server: TestServer;
}

/** One fresh database and one real server for the whole test file, torn down after it. */
export function serverSuite(env: Record<string, string> = {}): ServerSuite {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer(database.handle, env);
  });
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });
  return {
    get database() {
      if (!database) throw new Error("serverSuite used outside a test");
      return database;
    },
    get server() {
      if (!server) throw new Error("serverSuite used outside a test");
      return server;
    },
  };
}
