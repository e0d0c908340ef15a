import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";

/** A bare account row, for service tests that do not go through sign-up. */
export async function insertUser(db: Database, overrides: { name?: string; email?: string; role?: string } = {}) {
  const id = randomUUID();
  const row = { id, name: overrides.name ?? "Test User", email: overrides.email ?? `${id}@example.com`, role: overrides.role ?? "user" };
  await db.insert(user).values(row);
  return row;
}
