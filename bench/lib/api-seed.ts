/**
 * The API benchmark's people and their history. Accounts are made through the real API (sign-up,
 * then sign-in for the session cookie); the address is marked verified in the database, standing
 * in for the link in the verification e-mail. History is written with the server's own ledger and
 * notification services on the benchmark's database, in the shapes the product's services post.
 *
 * Adapting at merge: when a route or a service's arguments change, only this file changes.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { postJournal, type JournalInput } from "#server/services/ledger/post-journal.js";
import { notify } from "#server/services/notifications/notify.js";

export interface BenchUser {
  id: string;
  email: string;
  /** The Cookie header a signed-in browser would send. */
  cookie: string;
}

const PASSWORD = `Sturdy-Ledger-${randomBytes(6).toString("hex")}`;

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(body),
  });
}

/** Signs a person up through the API, verifies their address and identity, signs them in; returns their cookie. */
export async function signedInUser(baseUrl: string, db: Database, name: string): Promise<BenchUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(4).toString("hex")}@example.com`;
  const signUp = await post(baseUrl, "/api/auth/sign-up/email", { name, email, password: PASSWORD, acceptTerms: true, acceptRisk: true });
  if (!signUp.ok) throw new Error(`sign-up failed: HTTP ${signUp.status} ${await signUp.text()}`);
  // Verified address and identity, as an operator would leave an investor who sends money.
  const [row] = await db.update(user).set({ emailVerified: true, verificationLevel: "verified" }).where(eq(user.email, email)).returning({ id: user.id });
  if (!row) throw new Error(`sign-up made no user for ${email}`);
  const signIn = await post(baseUrl, "/api/auth/sign-in/email", { email, password: PASSWORD, rememberMe: true });
  if (!signIn.ok) throw new Error(`sign-in failed: HTTP ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error("sign-in set no cookie");
  return { id: row.id, email, cookie };
}

/**
 * One cycle of a customer's life, six journals: a deposit, an investment, its maturity with
 * interest, a payout request, that payout paid, and a transfer to `other`.
 */
function cycle(userId: string, other: string, n: number): JournalInput[] {
  const u = (kind: "available" | "invested" | "payout_hold") => userAccount(userId, kind);
  const key = (kind: string) => `bench:${kind}:${userId}:${n}`;
  return [
    { idempotencyKey: key("deposit"), kind: "deposit", userId, postings: [{ account: platformAccount("deposits"), amountCents: -100_000n }, { account: u("available"), amountCents: 100_000n }] },
    { idempotencyKey: key("investment"), kind: "investment", userId, postings: [{ account: u("available"), amountCents: -50_000n }, { account: u("invested"), amountCents: 50_000n }] },
    {
      idempotencyKey: key("maturity"),
      kind: "maturity",
      userId,
      postings: [{ account: u("invested"), amountCents: -50_000n }, { account: platformAccount("interest"), amountCents: -2_750n }, { account: u("available"), amountCents: 52_750n }],
    },
    { idempotencyKey: key("payout_request"), kind: "payout_request", userId, postings: [{ account: u("available"), amountCents: -20_000n }, { account: u("payout_hold"), amountCents: 20_000n }] },
    { idempotencyKey: key("payout_paid"), kind: "payout_paid", userId, postings: [{ account: u("payout_hold"), amountCents: -20_000n }, { account: platformAccount("payouts"), amountCents: 20_000n }] },
    { idempotencyKey: key("transfer"), kind: "transfer", userId, reference: "bench", postings: [{ account: u("available"), amountCents: -1_234n }, { account: userAccount(other, "available"), amountCents: 1_234n }] },
  ];
}

/** Journals per transaction while seeding: one commit (one WAL flush) per batch, not per journal. */
const BATCH = 300;

/** At least `journals` journals of `userId`'s history (whole cycles), `other` receiving the transfers. */
export async function seedHistory(db: Database, userId: string, other: string, journals: number): Promise<number> {
  const inputs: JournalInput[] = [];
  for (let n = 0; inputs.length < journals; n++) inputs.push(...cycle(userId, other, n));
  for (let start = 0; start < inputs.length; start += BATCH) {
    await db.transaction(async (tx) => {
      for (const input of inputs.slice(start, start + BATCH)) await postJournal(tx, input);
    });
  }
  return inputs.length;
}

/** `count` notifications for the bell, some read. */
export async function seedNotifications(db: Database, userId: string, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (let n = 0; n < count; n++) {
      await notify(tx, { userId, kind: "transfer_received", title: "Money received", body: `Bench sent you $0.0${n % 10}.`, subjectId: userId });
    }
  });
  // Mail for these is not the benchmark's business: the delivery loop would spend the run on it.
  await db.execute(sql`delete from outgoing_mail`);
  await db.execute(sql`update notification set read_at = now() where user_id = ${userId} and id in (select id from notification where user_id = ${userId} limit ${Math.floor(count / 2)})`);
}

/** One deposit journal of `cents` into the user's available balance. */
export async function fund(db: Database, userId: string, cents: bigint): Promise<void> {
  await postJournal(db, {
    idempotencyKey: `bench:fund:${userId}`,
    kind: "deposit",
    userId,
    postings: [{ account: platformAccount("deposits"), amountCents: -cents }, { account: userAccount(userId, "available"), amountCents: cents }],
  });
}
