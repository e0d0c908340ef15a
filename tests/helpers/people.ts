import { platformAccount, userAccount } from "../../server/services/ledger/accounts.js";
import { postJournal } from "../../server/services/ledger/post-journal.js";
import { grantAdmin } from "../../server/services/users/grant-admin.js";
import type { HttpClient } from "./http-client.js";
import type { ServerSuite } from "./suite.js";
import { signIn, signUp, uniqueEmail } from "./test-server.js";

export interface Person {
  client: HttpClient;
  id: string;
  email: string;
}

/** A signed-in user, optionally an admin, optionally with money on the Main Balance (a deposit journal, no deposit row). */
export async function person(suite: ServerSuite, options: { admin?: boolean; funds?: bigint; name?: string } = {}): Promise<Person> {
  const db = suite.database.handle.db;
  const email = uniqueEmail();
  await signUp(suite.server.client(), { name: options.name ?? "Tolu Ade", email });
  if (options.admin) await grantAdmin(db, email);
  const client = suite.server.client();
  await signIn(client, email);
  const { user } = await (await client.get("/api/auth/get-session")).json();
  if (options.funds) {
    await postJournal(db, {
      idempotencyKey: `fund:${user.id}`,
      kind: "deposit",
      userId: user.id,
      postings: [
        { account: userAccount(user.id, "available"), amountCents: options.funds },
        { account: platformAccount("deposits"), amountCents: -options.funds },
      ],
    });
  }
  return { client, id: user.id, email };
}

/** The six dashboard figures, as the user's own dashboard reads them. */
export const summary = async (p: Person) => (await p.client.get("/api/me/summary")).json();
