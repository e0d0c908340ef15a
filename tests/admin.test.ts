import { describe, expect, it } from "vitest";
import { grantAdmin } from "../server/services/users/grant-admin.js";
import { signIn, signUp, uniqueEmail } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();

async function signedIn(email: string) {
  await signUp(suite.server.client(), { name: "Role Tester", email });
  const client = suite.server.client();
  await signIn(client, email);
  return client;
}

describe("roles", () => {
  it("keep admin routes from signed-out visitors (401) and users (403)", async () => {
    expect((await suite.server.client().get("/api/admin/users")).status).toBe(401);
    const client = await signedIn(uniqueEmail());
    const response = await client.get("/api/admin/users");
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("FORBIDDEN");
  });

  it("let an account granted admin use them", async () => {
    const email = uniqueEmail("boss");
    const client = await signedIn(email);
    expect(await grantAdmin(suite.database.handle.db, email.toUpperCase())).toEqual({ email, alreadyAdmin: false });
    expect(await grantAdmin(suite.database.handle.db, email)).toEqual({ email, alreadyAdmin: true });

    const response = await client.get(`/api/admin/users?q=${encodeURIComponent("boss-")}`);
    expect(response.status).toBe(200);
    const { users } = await response.json();
    expect(users.map((row: { email: string }) => row.email)).toContain(email);
    expect(users.every((row: { email: string }) => row.email.includes("boss-"))).toBe(true);
  });

  it("cannot be granted by a user to themselves through better-auth's admin API", async () => {
    const client = await signedIn(uniqueEmail());
    const session = await (await client.get("/api/auth/get-session")).json();
    const response = await client.post("/api/auth/admin/set-role", { userId: session.user.id, role: "admin" });
    expect(response.status).toBeGreaterThanOrEqual(401);
    expect((await (await client.get("/api/auth/get-session")).json()).user.role).toBe("user");
  });

  it("cannot be set at sign-up", async () => {
    const email = uniqueEmail();
    const response = await suite.server.client().post("/api/auth/sign-up/email", { name: "Sneaky", email, password: "Sturdy-Ledger-4821", role: "admin" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("FIELD_NOT_ALLOWED");
    expect((await signIn(suite.server.client(), email)).status).toBe(401);
  });

  it("grantAdmin says clearly when no such account exists", async () => {
    await expect(grantAdmin(suite.database.handle.db, "nobody@example.com")).rejects.toThrow("No account with the e-mail nobody@example.com.");
  });
});
