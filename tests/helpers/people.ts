import { grantAdmin } from "#server/services/users/grant-admin.js";
import type { HttpClient } from "./http-client.js";
import type { ServerSuite } from "./suite.js";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user as userTable } from "#server/db/schema.js";
import { signIn, signUp, STRONG_PASSWORD, uniqueEmail } from "./test-server.js";
import { secretFromUri, totpCode } from "./totp.js";
import { creditMainBalance } from "./ledger.js";

export interface Person {
  client: HttpClient;
  id: string;
  email: string;
  /** The authenticator secret, when two-factor is on (always for admins). */
  totpSecret?: Uint8Array;
}

export interface PersonOptions {
  email?: string;
  admin?: boolean;
  funds?: bigint;
  name?: string;
  /** Whether the e-mail address is verified (default true: money moves only for verified ones). */
  verified?: boolean;
  /** Turn on two-factor authentication (admins always have it, unless this is false). */
  twoFactor?: boolean;
  /** Whether an operator has approved the account's identity (default true: money leaves only verified accounts). */
  identity?: boolean;
}

/**
 * A signed-in user, optionally an admin, optionally with money on the Main Balance (a deposit
 * journal, no deposit row). Admins enrol in two-factor authentication, as the back office requires.
 */
export async function person(suite: ServerSuite, options: PersonOptions = {}): Promise<Person> {
  const db = suite.database.handle.db;
  const email = options.email ?? uniqueEmail();
  await signUp(suite.server.client(), { name: options.name ?? "Tolu Ade", email });
  if (options.verified !== false) await markEmailVerified(db, email);
  if (options.admin) await grantAdmin(db, email);
  const client = suite.server.client();
  await signIn(client, email);
  const totpSecret = (options.twoFactor ?? options.admin) ? await enrolTwoFactor(client) : undefined;
  const { user } = await (await client.get("/api/session")).json();
  if (options.identity !== false) await markIdentityVerified(db, user.id);
  if (options.funds) {
    await creditMainBalance(db, user.id, options.funds);
  }
  return { client, id: user.id, email, totpSecret };
}

/** What following the link in the verification e-mail does, without the e-mail. */
export async function markEmailVerified(db: Database, email: string): Promise<void> {
  await db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
}

/** What an operator's approval of the identity case does to the account, without the case. */
export async function markIdentityVerified(db: Database, userId: string): Promise<void> {
  await db.update(userTable).set({ verificationLevel: "verified" }).where(eq(userTable.id, userId));
}

/** Turns on two-factor authentication the way Settings does: enable, scan, confirm with a code. */
export async function enrolTwoFactor(client: HttpClient, password = STRONG_PASSWORD): Promise<Uint8Array> {
  const enabled = await client.post("/api/auth/two-factor/enable", { password });
  if (!enabled.ok) throw new Error(`two-factor enable: ${enabled.status} ${await enabled.text()}`);
  const secret = secretFromUri(((await enabled.json()) as { totpURI: string }).totpURI);
  const verified = await client.post("/api/auth/two-factor/verify-totp", { code: await totpCode(secret) });
  if (!verified.ok) throw new Error(`two-factor verify: ${verified.status} ${await verified.text()}`);
  return secret;
}

/** The six dashboard figures, as the user's own dashboard reads them. */
export const summary = async (p: Person) => (await p.client.get("/api/me/summary")).json();
