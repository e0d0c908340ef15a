import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CLOSED_MESSAGE } from "#shared/schemas/account-data.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { auditLog, identityCase, identityDocument, ledgerAccount, moneyRequest, outgoingMail, payout, session, twoFactor, user, withdrawalAddress } from "#server/db/schema.js";
import { recordAudit } from "#server/services/audit/record-audit.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { sendTransfer } from "#server/services/transfers/send-transfer.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { signIn, signUp, STRONG_PASSWORD } from "./helpers/test-server.js";
import { nextTotpCode } from "./helpers/totp.js";
import { freshWallet } from "./helpers/wallets.js";

/*
 * The investor's own data (docs/product.md, "Your data and closing an account"): the export holds
 * everything of theirs and nothing of anyone else's, never a secret; closing is refused while money
 * is left in the account, and otherwise ends every way in at once.
 */
const suite = serverSuite();
const db = () => suite.database.handle.db;

const exportOf = async (p: Person) => {
  const response = await p.client.get("/api/me/export");
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, text: await response.text() };
};
const close = (p: Person, body: object = { password: STRONG_PASSWORD }, headers: Record<string, string> = {}) =>
  p.client.request("/api/me/close", { method: "POST", body, headers });

/**
 * A withdrawal waiting to be sent, made the way request-payout.ts makes one (its hold journal and its
 * row), without the withdrawal-address rules the route adds: those are not what this file tests.
 */
async function waitingPayout(userId: string, amountCents: bigint): Promise<string> {
  const id = randomUUID();
  const wallet = freshWallet();
  const hold = await postJournal(db(), {
    idempotencyKey: `payout:${id}:hold`,
    kind: "payout_request",
    userId,
    reference: wallet,
    postings: [
      { account: userAccount(userId, "available"), amountCents: -amountCents },
      { account: userAccount(userId, "payout_hold"), amountCents },
    ],
  });
  await db().insert(payout).values({ id, userId, amountCents, walletAddress: wallet, holdJournalId: hold.journalId, needsApproval: false });
  return id;
}

/** An identity case with one stored file, as the verification screen leaves it once submitted. */
async function identityWithFile(userId: string): Promise<{ documentId: string; bytes: string }> {
  const caseId = randomUUID();
  const documentId = randomUUID();
  const bytes = `FILE-BYTES-${randomUUID()}`;
  await db().insert(identityCase).values({ id: caseId, userId, status: "submitted", legalName: "Tolu Adeyemi", documentNumber: "A1234567", submittedAt: new Date() });
  await db()
    .insert(identityDocument)
    .values({ id: documentId, caseId, userId, fileName: "passport.jpg", contentType: "image/jpeg", sizeBytes: 12, sha256: "ab".repeat(32), wrappedKey: Buffer.from(`KEY-${bytes}`), content: Buffer.from(bytes) });
  return { documentId, bytes };
}

/** Two investors who deposited, invested, withdrew, sent each other money and asked for more. */
async function twoActiveInvestors() {
  const ada = await person(suite, { funds: 500_000n, name: "Ada Export" });
  const ben = await person(suite, { funds: 300_000n, name: "Ben Other" });
  for (const p of [ada, ben]) {
    expect((await p.client.post("/api/deposits", await bankDepositBody(p.client, 25_000))).status).toBe(201);
    expect((await p.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
  }
  const adaPayout = await waitingPayout(ada.id, 20_000n);
  const benPayout = await waitingPayout(ben.id, 30_000n);
  expect((await ada.client.post("/api/transfers", { toEmail: ben.email, amountCents: 1_234, note: "Lunch" })).status).toBe(201);
  expect((await ben.client.post("/api/transfers", { toEmail: ada.email, amountCents: 4_321 })).status).toBe(201);
  expect((await ben.client.post("/api/money-requests", { fromEmail: ada.email, amountCents: 999 })).status).toBe(201);
  return { ada, ben, adaPayout, benPayout };
}

describe("GET /api/me/export", () => {
  it("is the caller's own data, whole, as a file, and none of another user's", async () => {
    const { ada, ben, adaPayout, benPayout } = await twoActiveInvestors();
    const { documentId, bytes } = await identityWithFile(ada.id);
    await db().insert(withdrawalAddress).values({ id: randomUUID(), userId: ada.id, address: freshWallet(), label: "Cold wallet", confirmTokenHash: "f".repeat(64) });
    await recordAudit(db(), { actorId: ben.id, action: "user.ban", targetType: "user", targetId: ada.id, before: { banned: false }, after: { banned: true, reason: "Test" } });
    // What each wrote through the contact form (Ada typing her address in capitals).
    const contact = (email: string, message: string) => suite.server.client().post("/api/contact", { name: "Someone", email, subject: "A question", message });
    expect((await contact(ada.email.toUpperCase(), "Where is my statement?")).status).toBe(201);
    expect((await contact(ben.email, "Ben's own question.")).status).toBe(201);
    await recordAudit(db(), { actorId: ada.id, action: "user.ban", targetType: "user", targetId: ben.id, before: { banned: false }, after: { banned: true, reason: `About ${ben.email}` } });

    const { response, text } = await exportOf(ada);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="termvest-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = JSON.parse(text);

    expect(data.profile).toMatchObject({ id: ada.id, email: ada.email, name: "Ada Export", emailVerified: true, verificationLevel: "verified", closedAt: null, referralCode: expect.any(String) });
    expect(data.consents).toMatchObject({ consentedAt: expect.any(String) });
    expect(data.security).toEqual({ twoFactorEnabled: false });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.deposits).toEqual([expect.objectContaining({ amountCents: 25_000, amount: "$250.00", status: "pending" })]);
    expect(data.investments).toEqual([expect.objectContaining({ principalCents: 100_000, principal: "$1,000.00", status: "active" })]);
    expect(data.payouts).toEqual([expect.objectContaining({ id: adaPayout, amountCents: 20_000, amount: "$200.00", status: "requested" })]);
    expect(data.transfers).toEqual([
      expect.objectContaining({ direction: "sent", amountCents: 1_234, note: "Lunch", counterparty: { name: "Ben Other", email: ben.email } }),
      expect.objectContaining({ direction: "received", amountCents: 4_321, amount: "$43.21" }),
    ]);
    expect(data.moneyRequests).toEqual([expect.objectContaining({ direction: "incoming", amountCents: 999, status: "pending" })]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(["investment_started", "transfer_received", "money_requested"]));
    expect(data.withdrawalAddresses).toEqual([expect.objectContaining({ label: "Cold wallet", removedAt: null })]);
    expect(data.contactMessages).toEqual([
      { id: expect.any(String), subject: "A question", message: "Where is my statement?", status: "new", reply: null, repliedAt: null, createdAt: expect.any(String) },
    ]);
    expect(data.identity).toMatchObject({ status: "submitted", legalName: "Tolu Adeyemi", documents: [expect.objectContaining({ id: documentId, fileName: "passport.jpg", sizeBytes: 12 })] });
    // Every posting on the three accounts, adding up to the balances shown.
    const own = (kind: string) => data.ledger.postings.filter((p: { account: string }) => p.account === kind).reduce((sum: number, p: { amountCents: number }) => sum + p.amountCents, 0);
    expect(data.ledger.accounts).toEqual([
      { kind: "available", balanceCents: own("available"), balance: expect.any(String) },
      { kind: "invested", balanceCents: 100_000, balance: "$1,000.00" },
      { kind: "payout_hold", balanceCents: 20_000, balance: "$200.00" },
    ]);
    expect(own("available")).toBe(500_000 - 100_000 - 20_000 - 1_234 + 4_321);
    // An operator's entry about Ada is hers (the operator unnamed); one Ada made about Ben is only the fact that she acted.
    expect(data.audit).toEqual([
      { id: expect.any(String), action: "user.ban", actor: "operator", targetType: "user", targetId: ada.id, before: { banned: false }, after: { banned: true, reason: "Test" }, createdAt: expect.any(String) },
      { id: expect.any(String), action: "user.ban", actor: "you", targetType: "user", targetId: null, before: null, after: null, createdAt: expect.any(String) },
    ]);

    // Nothing of Ben's but his name and address on the transfers and the request between them.
    expect(text).not.toContain("Ben's own question.");
    for (const theirs of [ben.id, benPayout]) expect(text).not.toContain(theirs);
    expect(data.deposits.every((d: { amountCents: number }) => d.amountCents === 25_000)).toBe(true);
    expect(data.investments).toHaveLength(1);

    // Never a secret: the password hash, a session token, the file or its key, the address's confirmation token.
    const tokens = await db().select({ token: session.token }).from(session).where(eq(session.userId, ada.id));
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/\$argon2|"token"|"password"|"secret"|backupCodes|confirmTokenHash/);
    expect(text).not.toContain(bytes);
    expect(text).not.toContain(Buffer.from(bytes).toString("base64"));
    expect(text).not.toContain("f".repeat(64));
  });

  it("leaves out the two-factor secret and backup codes, and lists the security changes made", async () => {
    const secure = await person(suite, { twoFactor: true });
    const [stored] = await db().select().from(twoFactor).where(eq(twoFactor.userId, secure.id));
    const { text } = await exportOf(secure);
    const data = JSON.parse(text);
    expect(data.security).toEqual({ twoFactorEnabled: true });
    expect(text).not.toContain(stored!.secret);
    expect(text).not.toContain(stored!.backupCodes);
    expect(data.audit).toEqual([expect.objectContaining({ action: "security.two_factor_enabled", actor: "you", targetId: secure.id })]);
  });

  it("needs a session", async () => {
    expect((await suite.server.client().get("/api/me/export")).status).toBe(401);
  });
});

describe("POST /api/me/close", () => {
  it("is refused, with every reason and nothing changed, while money is on the balance, invested, waiting to leave or to arrive", async () => {
    const investor = await person(suite, { funds: 200_000n });
    expect((await investor.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    await waitingPayout(investor.id, 30_000n);
    expect((await investor.client.post("/api/deposits", await bankDepositBody(investor.client, 10_000))).status).toBe(201);

    const refused = await close(investor);
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain("Your Main Balance is $700.00");
    expect(error.message).toContain("1 investment is still running");
    expect(error.message).toContain("1 withdrawal is waiting to be sent");
    expect(error.message).toContain("1 deposit is waiting to be credited");
    expect((await investor.client.get("/api/session")).status).toBe(200);
    const [row] = await db().select({ closedAt: user.closedAt }).from(user).where(eq(user.id, investor.id));
    expect(row?.closedAt).toBeNull();
  });

  it("is refused for the balance alone, and for a waiting withdrawal alone", async () => {
    const withBalance = await person(suite, { funds: 1n });
    expect((await (await close(withBalance)).json()).error.message).toBe(
      "Your account cannot be closed yet. Your Main Balance is $0.01: withdraw it, or send it to another investor, first.",
    );
    const withPayout = await person(suite, { funds: 5_000n });
    await waitingPayout(withPayout.id, 5_000n);
    const answer = await close(withPayout);
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toBe(
      "Your account cannot be closed yet. 1 withdrawal is waiting to be sent: wait until it is paid, or cancel it.",
    );
  });

  it("asks for the password, and with two-factor on the code, before anything else", async () => {
    const investor = await person(suite, { twoFactor: true });
    const wrong = await close(investor, { password: "Not-My-Password-9" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ password: "Your password is not correct." });
    const missing = await close(investor, { password: STRONG_PASSWORD });
    expect((await missing.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeRequired });
    const badCode = await close(investor, { password: STRONG_PASSWORD, twoFactorCode: "000000" });
    expect(badCode.status).toBe(400);
    expect((await badCode.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeInvalid });
    expect((await close(investor, { password: "" })).status).toBe(400);
    expect((await investor.client.get("/api/session")).status).toBe(200);

    const closed = await close(investor, { password: STRONG_PASSWORD, twoFactorCode: await nextTotpCode(investor.totpSecret!) });
    expect(closed.status, await closed.clone().text()).toBe(200);
  });

  it("refuses a request from another origin", async () => {
    const investor = await person(suite);
    const forged = await investor.client.request("/api/me/close", { method: "POST", body: { password: STRONG_PASSWORD }, headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error.code).toBe("CSRF_REJECTED");
    expect((await investor.client.get("/api/session")).status).toBe(200);
  });

  it("at zero closes at once: every session ends, sign-in says the account is closed, the final statement is mailed", async () => {
    const investor = await person(suite, { funds: 50_000n, name: "Cleo Closer" });
    const other = await person(suite);
    const otherBrowser = suite.server.client();
    await signIn(otherBrowser, investor.email);
    // A life on the platform: money in, money out, and both ways of a money request left open.
    expect((await investor.client.post("/api/transfers", { toEmail: other.email, amountCents: 50_000 })).status).toBe(201);
    expect((await other.client.post("/api/money-requests", { fromEmail: investor.email, amountCents: 700 })).status).toBe(201);
    expect((await investor.client.post("/api/money-requests", { fromEmail: other.email, amountCents: 800 })).status).toBe(201);
    await db().insert(withdrawalAddress).values({ id: randomUUID(), userId: investor.id, address: freshWallet(), label: "Mine" });

    const key = randomUUID();
    const [first, second] = await Promise.all([
      close(investor, { password: STRONG_PASSWORD }, { "Idempotency-Key": key }),
      close(investor, { password: STRONG_PASSWORD }, { "Idempotency-Key": key }),
    ]);
    expect([first.status, second.status]).toContain(200);
    for (const answer of [first, second]) expect([200, 401]).toContain(answer.status);
    expect(await (first.status === 200 ? first : second).json()).toEqual({ closedAt: expect.any(String) });

    // Sign-in stops at once, on every browser, and a new sign-in says why.
    expect((await investor.client.get("/api/me/summary")).status).toBe(401);
    expect((await otherBrowser.get("/api/me/summary")).status).toBe(401);
    expect(await db().select().from(session).where(eq(session.userId, investor.id))).toEqual([]);
    const again = await signIn(suite.server.client(), investor.email);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: "ACCOUNT_CLOSED", message: ACCOUNT_CLOSED_MESSAGE });
    const wrongPassword = await signIn(suite.server.client(), investor.email, "Not-My-Password-9");
    expect(wrongPassword.status).toBe(401);
    // The address stays taken: a new sign-up makes no second account.
    await signUp(suite.server.client(), { email: investor.email.toUpperCase() });
    expect(await db().select({ id: user.id }).from(user).where(eq(user.email, investor.email))).toHaveLength(1);
    // Nor is a reset link or a "log in instead" mailed, which sign-in would then refuse; the answer is the usual one.
    expect((await suite.server.client().post("/api/auth/request-password-reset", { email: investor.email, redirectTo: "/reset-password" })).status).toBe(200);
    const queued = await db().select({ kind: outgoingMail.kind }).from(outgoingMail).where(eq(outgoingMail.to, investor.email));
    expect(queued.map((mail) => mail.kind).filter((kind) => kind === "password-reset" || kind === "existing-account-sign-up")).toEqual([]);
    // Nobody can pay it or ask it for money any more: it is answered like an address without an account.
    const toClosed = await other.client.post("/api/transfers", { toEmail: investor.email, amountCents: 100 });
    expect(toClosed.status).toBe(400);

    // Recorded once, whatever the retry did.
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "user.close"), eq(auditLog.targetId, investor.id)));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: investor.id, targetType: "user", after: expect.objectContaining({ sessionsEnded: 2, withdrawalAddressesRemoved: 1, moneyRequestsDeclined: 2 }) }),
    ]);
    const [row] = await db().select().from(user).where(eq(user.id, investor.id));
    expect(row?.closedAt).toBeInstanceOf(Date);
    const addresses = await db().select().from(withdrawalAddress).where(eq(withdrawalAddress.userId, investor.id));
    expect(addresses.every((address) => address.removedAt !== null)).toBe(true);
    const requests = await db().select().from(moneyRequest).where(eq(moneyRequest.payerId, investor.id));
    expect(requests.map((request) => request.status)).toEqual(["declined"]);

    await expect.poll(() => suite.server.mailer.find(investor.email, /final statement/i).length).toBe(1);
    const [mail] = suite.server.mailer.find(investor.email, /final statement/i);
    expect(mail!.text).toContain("Opening balance:");
    expect(mail!.text).toMatch(/Money in: +\$500\.00/);
    expect(mail!.text).toMatch(/Money out: +\$500\.00/);
    expect(mail!.text).toMatch(/Closing balance: +\$0\.00/);
    expect(mail!.text).toMatch(/Deposits credited: +\$500\.00/);
    await expect.poll(() => suite.server.mailer.find(other.email, /request (declined|withdrawn)/i).length).toBe(2);
    expect(await verifyLedger(db())).toEqual([]);

    // The operator sees the account closed.
    const admin = await person(suite, { admin: true });
    const detail = await (await admin.client.get(`/api/admin/users/${investor.id}`)).json();
    expect(detail.profile.closedAt).toBe(row!.closedAt!.toISOString());
  });

  it("refuses a transfer whose recipient closed after it was looked up, and moves nothing", async () => {
    const sender = await person(suite, { funds: 10_000n, name: "Lena Late" });
    const closer = await person(suite, { name: "Cole Gone" });
    expect((await close(closer)).status).toBe(200);
    // The recipient as the route found it a moment before the close: the service itself must say no.
    const order = { sender: { id: sender.id, name: "Lena Late", email: sender.email }, recipient: { id: closer.id, name: "Cole Gone", email: closer.email }, amountCents: 2_500n, now: new Date() };
    await expect(db().transaction((tx) => sendTransfer(tx, order))).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const [balance] = await db().select({ cents: ledgerAccount.balanceCents }).from(ledgerAccount).where(eq(ledgerAccount.id, userAccount(closer.id, "available").id));
    expect(balance?.cents ?? 0n).toBe(0n);
  });
});
