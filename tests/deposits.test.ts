import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SHORT_CREDIT_REASON_REQUIRED } from "#shared/schemas/deposits.js";
import { auditLog, deposit, ledgerAccount, user } from "#server/db/schema.js";
import { expireDeposits } from "#server/services/deposits/expire-deposits.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import type { HttpClient } from "./helpers/http-client.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { bankDepositBody, bankReference } from "./helpers/deposits.js";
import { markEmailVerified, person } from "./helpers/people.js";
import { signIn, signUp, startTestServer, uniqueEmail } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
let admin: HttpClient;

beforeAll(async () => {
  admin = await signedIn(uniqueEmail("admin"), true);
});

async function signedIn(email = uniqueEmail(), asAdmin = false) {
  return (await person(suite, { email, admin: asAdmin, name: "Ada Obi" })).client;
}

const crypto = (amountCents: number, extra: Record<string, unknown> = {}) => ({ method: "crypto", coin: "BTC", amountCents, ...extra });
const summary = async (client: HttpClient) => (await client.get("/api/me/summary")).json();
const depositCount = async () => (await suite.database.handle.db.select({ value: count() }).from(deposit))[0]?.value ?? 0;

describe("creating deposits", () => {
  it("records a pending crypto and a pending bank deposit without touching any balance", async () => {
    const client = await signedIn();
    const cryptoResponse = await client.post("/api/deposits", crypto(25_000, { txId: "abc123" }));
    expect(cryptoResponse.status).toBe(201);
    const cryptoDeposit = await cryptoResponse.json();
    // Manual mode (no chain sources): the page shows the address and the claim form, not an invoice.
    expect(await (await client.get("/api/deposits/options")).json()).toMatchObject({ cryptoInvoices: false });
    expect(cryptoDeposit).toMatchObject({ method: "crypto", amountCents: 25_000, coin: "BTC", status: "pending", txId: "abc123", address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", reference: expect.stringMatching(/^TV-[2-9A-Z]{8}$/) });
    const bankDeposit = await (await client.post("/api/deposits", await bankDepositBody(client, 50_000, "gtbank"))).json();
    expect(bankDeposit).toMatchObject({ method: "bank", bank: "gtbank", status: "pending", address: null });
    expect(bankDeposit.reference).not.toBe(cryptoDeposit.reference);

    expect(await summary(client)).toEqual({
      mainBalanceCents: 0,
      interestBalanceCents: 0,
      totalInvestCents: 0,
      totalPayoutCents: 0,
      totalTransactionCents: 0,
      totalBalanceCents: 0,
      // Shown beside the cards, never in them: a claim is not money.
      pendingDepositsCents: 75_000,
      pendingWithdrawalsCents: 0,
    });
    const { items: deposits } = await (await client.get("/api/deposits")).json();
    expect(deposits.map((row: { method: string }) => row.method)).toEqual(["bank", "crypto"]);
  });

  it.each([
    ["zero", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":0}", { amountCents: "Amount must be more than zero." }],
    ["negative", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":-500}", { amountCents: "Amount must be more than zero." }],
    ["1e309", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":1e309}", { amountCents: "Amount must be a whole number of cents." }],
    ["a fraction of a cent", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":0.1}", { amountCents: "Amount must be a whole number of cents." }],
    ["text", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":\"ten\"}", { amountCents: "Amount must be a whole number of cents." }],
    ["no amount", "{\"method\":\"crypto\",\"coin\":\"BTC\"}", { amountCents: "Amount is required." }],
    ["an unsafe integer", "{\"method\":\"crypto\",\"coin\":\"BTC\",\"amountCents\":9007199254740993}", { amountCents: "Amount must be a whole number of cents." }],
    ["an unknown method", "{\"method\":\"cash\",\"amountCents\":5000}", { method: expect.any(String) }],
    ["an unknown bank", "{\"method\":\"bank\",\"bank\":\"nope\",\"amountCents\":5000,\"reference\":\"TV-23456789\"}", { bank: expect.any(String) }],
    ["an unknown coin", "{\"method\":\"crypto\",\"coin\":\"DOGE\",\"amountCents\":5000}", { coin: expect.any(String) }],
    ["malformed JSON", "{\"method\":", undefined],
  ])("refuses %s with a clear 400 and creates nothing", async (_label, body, fields) => {
    const client = await signedIn();
    const before = await depositCount();
    const response = await client.request("/api/deposits", { method: "POST", body: undefined, headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
    const raw = await fetch(new URL("/api/deposits", suite.server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: suite.server.url, Cookie: [...client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ") },
      body,
    });
    expect(raw.status).toBe(400);
    const error = (await raw.json()).error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message.length).toBeGreaterThan(5);
    if (fields) expect(error.fields).toEqual(fields);
    expect(await depositCount()).toBe(before);
  });

  it("enforces the configured per-deposit limits", async () => {
    const client = await signedIn();
    const small = await client.post("/api/deposits", crypto(999));
    expect(small.status).toBe(400);
    // The whole body, as web/lib/request-errors.test.ts reads it: the sentence, and the field it is about.
    expect((await small.json()).error).toEqual({
      code: "VALIDATION_FAILED",
      message: "The smallest deposit is $10.00.",
      fields: { amountCents: "The smallest deposit is $10.00." },
    });
    const large = await client.post("/api/deposits", await bankDepositBody(client, 100_000_001));
    expect((await large.json()).error.message).toBe("The largest deposit is $1,000,000.00.");
  });

  it("needs a session", async () => {
    expect((await suite.server.client().post("/api/deposits", crypto(5_000))).status).toBe(401);
    expect((await suite.server.client().get("/api/deposits")).status).toBe(401);
    expect((await suite.server.client().get("/api/me/summary")).status).toBe(401);
  });
});

describe("bank references", () => {
  it("are given before the transfer, stay the same until a deposit takes one, and reach the operator's queue", async () => {
    const client = await signedIn();
    const reference = await bankReference(client);
    expect(reference).toMatch(/^TV-[2-9A-HJKMNP-TV-Z]{8}$/);
    // A reload, or a second tab, shows the same reference.
    expect(await Promise.all([bankReference(client), bankReference(client)])).toEqual([reference, reference]);
    const created = await client.post("/api/deposits", { method: "bank", bank: "access", amountCents: 20_000, reference: ` ${reference.toLowerCase()} ` });
    expect(created.status).toBe(201);
    const deposit = await created.json();
    expect(deposit).toMatchObject({ method: "bank", bank: "access", reference, status: "pending" });

    const next = await bankReference(client);
    expect(next).not.toBe(reference);
    const queue = await (await admin.get(`/api/admin/deposits?q=${reference}`)).json();
    expect(queue.items.find((row: { id: string }) => row.id === deposit.id)).toMatchObject({ reference });
    expect((await suite.server.client().get("/api/deposits/bank-reference")).status).toBe(401);
  });

  it.each([
    ["another user's reference", async () => bankReference(await signedIn())],
    ["a reference nobody was given", async () => "TV-23456789"],
  ])("refuses %s with the same 400 and creates nothing", async (_label, referenceOf) => {
    const client = await signedIn();
    const reference = await referenceOf();
    const before = await depositCount();
    const response = await client.post("/api/deposits", { method: "bank", bank: "uba", amountCents: 5_000, reference });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: "VALIDATION_FAILED",
      message: "This payment reference was not given to you. Reload the page and quote the reference shown there.",
      fields: { reference: "This payment reference was not given to you. Reload the page and quote the reference shown there." },
    });
    expect(await depositCount()).toBe(before);
  });

  it.each([
    ["no reference", undefined, "Enter the reference shown with the bank details."],
    ["a blank one", "  ", "Enter the reference shown with the bank details."],
    ["something else", "INV-1234", "This is not a Termvest payment reference. Copy the one shown with the bank details."],
  ])("refuses %s on a bank deposit", async (_label, reference, message) => {
    const client = await signedIn();
    const response = await client.post("/api/deposits", { method: "bank", bank: "uba", amountCents: 5_000, reference });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ reference: message });
  });

  it("makes one deposit per reference: a retry with its key replays it, a second report without one is a 409", async () => {
    const client = await signedIn();
    const body = await bankDepositBody(client, 15_000);
    const headers = { "Idempotency-Key": "bank-deposit-0001" };
    const first = await client.request("/api/deposits", { body, headers });
    const retry = await client.request("/api/deposits", { body, headers });
    expect(first.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());

    const again = await client.post("/api/deposits", body);
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields).toEqual({
      reference: "You have already reported a transfer with this reference. Reload the page to get a new reference for another transfer.",
    });
    expect((await (await client.get("/api/deposits")).json()).items).toHaveLength(1);
  });
});

describe("Idempotency-Key", () => {
  it("returns the first response for a retry and refuses the key for another body", async () => {
    const client = await signedIn();
    const headers = { "Idempotency-Key": "deposit-attempt-0001" };
    const first = await client.request("/api/deposits", { body: crypto(7_500), headers });
    const retry = await client.request("/api/deposits", { body: crypto(7_500), headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
    expect((await (await client.get("/api/deposits")).json()).items).toHaveLength(1);

    const other = await client.request("/api/deposits", { body: crypto(7_600), headers });
    expect(other.status).toBe(409);
    expect((await other.json()).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await client.request("/api/deposits", { body: crypto(7_500), headers: { "Idempotency-Key": "x" } })).status).toBe(400);
  });

  it("is scoped to the user: another user's identical key is a separate request", async () => {
    const one = await signedIn();
    const two = await signedIn();
    const headers = { "Idempotency-Key": "shared-key-123456" };
    const a = await (await one.request("/api/deposits", { body: crypto(5_000), headers })).json();
    const b = await (await two.request("/api/deposits", { body: crypto(5_000), headers })).json();
    expect(a.id).not.toBe(b.id);
  });
});

describe("pending deposits", () => {
  it("are at most five per user at once: a sixth is a 409 that creates nothing, and a decision makes room", async () => {
    const client = await signedIn();
    const made: Array<{ id: string }> = [];
    for (let index = 0; index < 5; index++) {
      const response = await client.post("/api/deposits", await bankDepositBody(client, 10_000 + index));
      expect(response.status).toBe(201);
      made.push(await response.json());
    }
    const before = await depositCount();
    const sixth = await client.post("/api/deposits", crypto(10_000));
    expect(sixth.status).toBe(409);
    expect((await sixth.json()).error.message).toMatch(/5 deposits waiting/);
    expect(await depositCount()).toBe(before);
    // Another user is not affected.
    const another = await signedIn();
    expect((await another.post("/api/deposits", await bankDepositBody(another, 10_000))).status).toBe(201);

    expect((await admin.post(`/api/admin/deposits/${made[0]!.id}/reject`, { reason: "Not received" })).status).toBe(200);
    expect((await client.post("/api/deposits", crypto(10_000))).status).toBe(201);
  });
});

describe("admin confirmation", () => {
  it("credits the amount received once, notifies and audits; a decided deposit cannot change", async () => {
    const email = uniqueEmail("owner");
    const client = await signedIn(email);
    const created = await (await client.post("/api/deposits", crypto(30_000))).json();

    const queue = await (await admin.get(`/api/admin/deposits?q=${encodeURIComponent(email)}`)).json();
    expect(queue.items.find((row: { id: string }) => row.id === created.id)).toMatchObject({ user: { email } });

    // Less than was claimed: the investor is told why, so a reason is required.
    const unexplained = await admin.post(`/api/admin/deposits/${created.id}/confirm`, { receivedCents: 29_950, txId: "f00dbabe" });
    expect(unexplained.status).toBe(400);
    expect((await unexplained.json()).error.fields).toEqual({ reason: SHORT_CREDIT_REASON_REQUIRED });
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 0 });
    const confirmed = await admin.post(`/api/admin/deposits/${created.id}/confirm`, { receivedCents: 29_950, txId: "f00dbabe", reason: "The network fee of $0.50 was taken on the way." });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: "confirmed", amountCents: 30_000, receivedCents: 29_950, txId: "f00dbabe", creditNote: "The network fee of $0.50 was taken on the way." });
    const [told] = (await (await client.get("/api/notifications")).json()).items;
    expect(told.body).toBe(`Your deposit ${created.reference} was confirmed as $299.50, not the $300.00 you declared: $299.50 was added to your balance. Reason: The network fee of $0.50 was taken on the way.`);

    expect(await summary(client)).toMatchObject({ mainBalanceCents: 29_950, totalTransactionCents: 29_950, totalBalanceCents: 29_950 });

    const again = await admin.post(`/api/admin/deposits/${created.id}/confirm`, {});
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("This deposit was already confirmed.");
    expect((await admin.post(`/api/admin/deposits/${created.id}/reject`, { reason: "late" })).status).toBe(409);
    expect((await summary(client)).mainBalanceCents).toBe(29_950);

    const notes = await (await client.get("/api/notifications")).json();
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({ kind: "deposit_confirmed", title: "Deposit confirmed" });
    const confirmations = () => suite.server.mailer.to(email).filter((mail) => mail.subject.startsWith("Deposit confirmed"));
    await expect.poll(() => confirmations().length).toBe(1);
    expect(confirmations()[0]?.text).toContain("$299.50");

    const audits = await suite.database.handle.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "deposit.confirm", before: expect.objectContaining({ status: "pending" }), after: expect.objectContaining({ status: "confirmed" }) });

    const history = await (await client.get("/api/transactions")).json();
    expect(history.items[0]).toMatchObject({ title: "Deposit confirmed", description: "Crypto deposit (BTC)", mainBalanceChangeCents: 29_950, mainBalanceAfterCents: 29_950, status: "completed", reference: created.reference });

    const csv = await client.get("/api/transactions?format=csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(`,299.50,299.50,"completed","${created.reference}"`);

    const feed = await (await suite.server.client().get("/api/public/recent-deposits")).json();
    expect(feed.items[0]).toMatchObject({ name: "A** O**", method: "crypto", address: "bc1qcr…6fyu", amountCents: 29_950 });
    expect(JSON.stringify(feed)).not.toContain(email);
    expect(await verifyLedger(suite.database.handle.db)).toEqual([]);
  });

  it("cannot credit more than the deposit limit, whatever the admin says arrived", async () => {
    const client = await signedIn();
    const created = await (await client.post("/api/deposits", crypto(50_000))).json();
    const over = await admin.post(`/api/admin/deposits/${created.id}/confirm`, { receivedCents: 100_000_001 });
    expect(over.status).toBe(400);
    expect((await over.json()).error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { receivedCents: "The amount received cannot be more than the largest deposit, $1,000,000.00." },
    });
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 0, totalBalanceCents: 0 });
    expect((await (await client.get("/api/deposits")).json()).items[0]).toMatchObject({ id: created.id, status: "pending" });

    // More than was declared: it waits for a second admin (four eyes), and credits nothing yet.
    const atLimit = await admin.post(`/api/admin/deposits/${created.id}/confirm`, { receivedCents: 100_000_000 });
    expect(atLimit.status).toBe(202);
    const { pendingApproval } = await atLimit.json();
    expect(pendingApproval).toMatchObject({ kind: "deposit_confirm", targetId: created.id, status: "pending" });
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 0 });
    const second = await signedIn(uniqueEmail("second-admin"), true);
    expect((await second.post(`/api/admin/approvals/${pendingApproval.id}/approve`, {})).status).toBe(200);
    expect(await summary(client)).toMatchObject({ mainBalanceCents: 100_000_000 });
    expect(await verifyLedger(suite.database.handle.db)).toEqual([]);
  });

  it("rejects with a reason, credits nothing, and shows the rejection in the user's history", async () => {
    const client = await signedIn();
    const created = await (await client.post("/api/deposits", await bankDepositBody(client, 40_000))).json();
    expect((await admin.post(`/api/admin/deposits/${created.id}/reject`, { reason: "  " })).status).toBe(400);
    const rejected = await admin.post(`/api/admin/deposits/${created.id}/reject`, { reason: "No transfer arrived." });
    expect(await rejected.json()).toMatchObject({ status: "rejected", rejectReason: "No transfer arrived." });
    expect((await summary(client)).mainBalanceCents).toBe(0);
    expect((await admin.post(`/api/admin/deposits/${created.id}/confirm`, {})).status).toBe(409);
    const history = await (await client.get("/api/transactions")).json();
    expect(history.items).toEqual([
      expect.objectContaining({ status: "rejected", mainBalanceChangeCents: 0, description: "Bank deposit (UBA) of $400.00: not credited", reference: created.reference }),
    ]);
  });

  it("answers 404 for an unknown deposit and 403 to users on every admin route", async () => {
    expect((await admin.post("/api/admin/deposits/nope/confirm", {})).status).toBe(404);
    const client = await signedIn();
    const own = await (await client.post("/api/deposits", crypto(5_000))).json();
    for (const [method, path] of [
      ["GET", "/api/admin/deposits"],
      ["GET", "/api/admin/users"],
      ["POST", `/api/admin/deposits/${own.id}/confirm`],
      ["POST", `/api/admin/deposits/${own.id}/reject`],
    ] as const) {
      const response = await client.request(path, { method, body: method === "POST" ? { reason: "x" } : undefined });
      expect(response.status, path).toBe(403);
    }
    expect((await summary(client)).mainBalanceCents).toBe(0);
  });

  it("keeps each user's deposits, history and notifications to themselves", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const created = await (await owner.post("/api/deposits", crypto(6_000))).json();
    await admin.post(`/api/admin/deposits/${created.id}/confirm`, {});
    expect((await (await other.get("/api/deposits")).json()).items).toEqual([]);
    expect((await (await other.get("/api/transactions")).json()).items).toEqual([]);
    const ownerNotes = await (await owner.get("/api/notifications")).json();
    expect((await (await other.get("/api/notifications")).json()).items).toEqual([]);
    expect((await other.post(`/api/notifications/${ownerNotes.items[0].id}/read`)).status).toBe(404);
    expect((await (await owner.get("/api/notifications")).json()).unread).toBe(1);
    expect((await owner.post("/api/notifications/read-all")).status).toBe(200);
    expect((await (await owner.get("/api/notifications")).json()).unread).toBe(0);
  });
});

describe("expiry", () => {
  it("expires pending deposits past their date; late money can still be confirmed", async () => {
    const client = await signedIn();
    const created = await (await client.post("/api/deposits", crypto(8_000))).json();
    expect(await expireDeposits(suite.database.handle.db, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await (await client.get("/api/deposits")).json()).items[0].status).toBe("expired");
    expect((await admin.post(`/api/admin/deposits/${created.id}/confirm`, {})).status).toBe(200);
    expect((await summary(client)).mainBalanceCents).toBe(8_000);
  });
});

describe("fresh addresses from an xpub", () => {
  it("gives each user an unused address of their own until a deposit uses it", async () => {
    const xpubServer = await startTestServer(suite.database.handle, {
      BITCOIN_XPUB: "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
    });
    try {
      const email = uniqueEmail();
      await signUp(xpubServer.client(), { email });
      await markEmailVerified(suite.database.handle.db, email);
      const client = xpubServer.client();
      await signIn(client, email);
      const first = await (await client.get("/api/deposits/crypto-address")).json();
      expect(first).toEqual({ coin: "BTC", address: expect.stringMatching(/^bc1q/), kind: "fresh" });
      expect((await (await client.get("/api/deposits/crypto-address")).json()).address).toBe(first.address);
      const made = await (await client.post("/api/deposits", crypto(5_000))).json();
      expect(made.address).toBe(first.address);
      const next = await (await client.get("/api/deposits/crypto-address")).json();
      expect(next.address).not.toBe(first.address);
    } finally {
      await xpubServer.close();
    }
  });
});

describe.runIf(testDatabaseUrl)("deposits under concurrency (PostgreSQL)", () => {
  it("gives one reference to 20 pages opened at once, and makes one deposit of 20 reports quoting it", async () => {
    const client = await signedIn();
    const references = await Promise.all(Array.from({ length: 20 }, () => bankReference(client)));
    expect(new Set(references).size).toBe(1);
    const body = { method: "bank", bank: "uba", amountCents: 9_900, reference: references[0] };
    const statuses = await Promise.all(Array.from({ length: 20 }, () => client.post("/api/deposits", body).then((r) => r.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect((await (await client.get("/api/deposits")).json()).items).toHaveLength(1);
  });

  it("credits once when 50 confirmations of one deposit arrive at once", async () => {
    const client = await signedIn();
    const created = await (await client.post("/api/deposits", crypto(12_300))).json();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => admin.post(`/api/admin/deposits/${created.id}/confirm`, {}).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect((await summary(client)).mainBalanceCents).toBe(12_300);
    expect(await verifyLedger(suite.database.handle.db)).toEqual([]);
  });

  it("lets no burst of different deposits past the five-pending limit", async () => {
    const client = await signedIn();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, index) => client.post("/api/deposits", crypto(5_000 + index)).then((r) => r.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect((await (await client.get("/api/deposits")).json()).items).toHaveLength(5);
  });

  it("creates one deposit when 50 retries with one key arrive at once", async () => {
    const client = await signedIn();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => client.request("/api/deposits", { body: crypto(4_400), headers: { "Idempotency-Key": "burst-key-000001" } })),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect((await (await client.get("/api/deposits")).json()).items).toHaveLength(1);
  });
});

describe("the database itself", () => {
  it("refuses a negative user balance even if code tried to write one", async () => {
    const [someone] = await suite.database.handle.db.select({ id: user.id }).from(user).limit(1);
    const invested = userAccount(someone!.id, "invested").id;
    // The account exists (made with the user), so only the balance's CHECK can refuse this update.
    const failure = await suite.database.handle.db
      .execute(sql`update ledger_account set balance_cents = -1 where id = ${invested}`)
      .then(() => undefined, (error: unknown) => error as Error & { cause?: Error });
    expect(String(failure?.cause?.message ?? failure?.message)).toContain('violates check constraint "ledger_account_balance_not_negative"');
    const [row] = await suite.database.handle.db.select({ balance: ledgerAccount.balanceCents }).from(ledgerAccount).where(eq(ledgerAccount.id, invested));
    expect(row?.balance).toBeGreaterThanOrEqual(0n);
  });
});
