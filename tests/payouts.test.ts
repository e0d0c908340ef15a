import { describe, expect, it } from "vitest";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
/** Someone with WALLET on their withdrawal list, confirmed and usable. */
const payer = async (options: Parameters<typeof newPerson>[1] = {}) => {
  const who = await person(options);
  await listWallet(db(), who.id, WALLET);
  return who;
};

describe("payouts", () => {
  it("hold the amount at once; paid moves it out, rejected brings it back; each decided once", async () => {
    const admin = await person({ admin: true });
    const user = await payer({ funds: 100_000n });
    const first = await user.client.post("/api/payouts", { amountCents: 30_000, walletAddress: WALLET });
    expect(first.status).toBe(201);
    const paidOne = await first.json();
    expect(paidOne).toMatchObject({ status: "requested", amountCents: 30_000, walletAddress: WALLET });
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 70_000, totalBalanceCents: 100_000, totalPayoutCents: 0 });

    const second = await (await user.client.post("/api/payouts", { amountCents: 20_000, walletAddress: WALLET })).json();
    const queue = await (await admin.client.get("/api/admin/payouts?status=requested")).json();
    expect(queue.items.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([paidOne.id, second.id]));

    expect((await admin.client.post(`/api/admin/payouts/${paidOne.id}/mark-paid`, { txId: "abc123" })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/payouts/${second.id}/reject`, { reason: "Address on a sanctions list." })).status).toBe(200);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 70_000, totalPayoutCents: 30_000, totalBalanceCents: 70_000 });

    expect((await admin.client.post(`/api/admin/payouts/${paidOne.id}/reject`, { reason: "late" })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/payouts/${second.id}/mark-paid`, { txId: "abc" })).status).toBe(409);
    expect((await user.client.post(`/api/admin/payouts/${second.id}/mark-paid`, { txId: "abc" })).status).toBe(403);
    expect((await (await user.client.get("/api/payouts")).json()).items.map((row: { status: string }) => row.status).sort()).toEqual(["paid", "rejected"]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it.each([
    ["a bad checksum", { amountCents: 5_000, walletAddress: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv" }, 400, "This is not a valid bitcoin address."],
    ["an empty address", { amountCents: 5_000, walletAddress: " " }, 400, "Enter a wallet address."],
    ["a testnet address", { amountCents: 5_000, walletAddress: "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl" }, 400, "This is not a valid bitcoin address."],
    ["less than the minimum", { amountCents: 999, walletAddress: WALLET }, 400, "The smallest payout is $10.00."],
    ["more than the maximum", { amountCents: 5_000_001, walletAddress: WALLET }, 400, "The largest payout is $50,000.00."],
    ["more than the balance", { amountCents: 60_000, walletAddress: WALLET }, 409, "Your available balance is not enough for this payout."],
  ])("refuse %s and hold nothing", async (_label, body, status, message) => {
    const user = await payer({ funds: 50_000n });
    const response = await user.client.post("/api/payouts", body);
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toBe(message);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 50_000, totalBalanceCents: 50_000 });
  });

  it("refuse more than the daily total per user", async () => {
    const user = await payer({ funds: 20_000_000n });
    for (let index = 0; index < 2; index++) expect((await user.client.post("/api/payouts", { amountCents: 5_000_000, walletAddress: WALLET })).status).toBe(201);
    const over = await user.client.post("/api/payouts", { amountCents: 1_000, walletAddress: WALLET });
    expect(over.status).toBe(400);
    expect((await over.json()).error.message).toBe("You can withdraw at most $100,000.00 in 24 hours; $0.00 is left.");
  });
});

describe("transfers", () => {
  it("move money between users in one journal and refuse bad recipients", async () => {
    const sender = await person({ funds: 40_000n, name: "Sender Sam" });
    const recipient = await person({ name: "Rita Receiver" });
    const sent = await sender.client.post("/api/transfers", { toEmail: recipient.email.toUpperCase(), amountCents: 15_000, note: "Lunch" });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ amountCents: 15_000, toName: "Rita Receiver" });
    expect((await summary(sender)).mainBalanceCents).toBe(25_000);
    expect((await summary(recipient)).mainBalanceCents).toBe(15_000);
    expect((await (await recipient.client.get("/api/notifications")).json()).items[0]).toMatchObject({ kind: "transfer_received", body: "You received $150.00 from another Termvest user, who gave the name “Sender Sam”. Their note, in their own words: “Lunch”" });

    const self = await sender.client.post("/api/transfers", { toEmail: sender.email, amountCents: 100 });
    expect((await self.json()).error.message).toBe("We could not send this. Check the e-mail address and try again.");
    const unknown = await sender.client.post("/api/transfers", { toEmail: "nobody-here@example.com", amountCents: 100 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toBe("We could not send this. Check the e-mail address and try again.");
    const tooMuch = await sender.client.post("/api/transfers", { toEmail: recipient.email, amountCents: 25_001 });
    expect(tooMuch.status).toBe(409);
    expect((await summary(sender)).mainBalanceCents).toBe(25_000);
  });
});

describe("money requests", () => {
  it("are paid or declined once, only by the person asked", async () => {
    const requester = await person({ name: "Ada Asker" });
    const payer = await person({ funds: 30_000n, name: "Pat Payer" });
    const stranger = await person({ funds: 30_000n });
    const made = await (await requester.client.post("/api/money-requests", { fromEmail: payer.email, amountCents: 12_000, note: "Rent share" })).json();
    expect(made).toMatchObject({ direction: "outgoing", status: "pending", counterparty: { name: "Pat Payer" } });
    const incoming = (await (await payer.client.get("/api/money-requests")).json()).items;
    expect(incoming[0]).toMatchObject({ id: made.id, direction: "incoming", counterparty: { name: "Ada Asker" } });
    expect((await (await payer.client.get("/api/notifications")).json()).items[0]).toMatchObject({ kind: "money_requested" });

    expect((await requester.client.post(`/api/money-requests/${made.id}/pay`)).status).toBe(404);
    expect((await stranger.client.post(`/api/money-requests/${made.id}/pay`)).status).toBe(404);
    expect((await stranger.client.post(`/api/money-requests/${made.id}/decline`)).status).toBe(404);

    expect((await payer.client.post(`/api/money-requests/${made.id}/pay`)).status).toBe(200);
    expect((await summary(payer)).mainBalanceCents).toBe(18_000);
    expect((await summary(requester)).mainBalanceCents).toBe(12_000);
    expect((await payer.client.post(`/api/money-requests/${made.id}/pay`)).status).toBe(409);
    expect((await payer.client.post(`/api/money-requests/${made.id}/decline`)).status).toBe(409);
    // One payment, one notice to each: about the request, never a transfer notice beside it.
    const told = async (who: Person) => (await (await who.client.get("/api/notifications")).json()).items.map((n: { kind: string; body: string }) => [n.kind, n.body]);
    expect((await told(requester)).filter(([kind]: [string]) => kind !== "money_request_declined")).toEqual([
      ["money_request_paid", "“Pat Payer” paid your request of $120.00. It is in your Main Balance."],
    ]);
    expect((await told(payer)).filter(([kind]: [string]) => kind !== "money_requested")).toEqual([["money_request_payment_sent", "You paid $120.00 to “Ada Asker”, who asked you for it."]]);

    const second = await (await requester.client.post("/api/money-requests", { fromEmail: payer.email, amountCents: 5_000 })).json();
    expect((await payer.client.post(`/api/money-requests/${second.id}/decline`)).status).toBe(200);
    expect((await (await requester.client.get("/api/notifications")).json()).items[0]).toMatchObject({ kind: "money_request_declined" });
    expect((await requester.client.post("/api/money-requests", { fromEmail: requester.email, amountCents: 5_000 })).status).toBe(400);
    expect((await requester.client.post("/api/money-requests", { fromEmail: "nobody@example.com", amountCents: 5_000 })).status).toBe(400);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe("a money request", () => {
  it("asks for no wallet: a paid request lands in the requester's Main Balance", async () => {
    const requester = await person();
    const payer = await person();
    const made = await (await requester.client.post("/api/money-requests", { fromEmail: payer.email, amountCents: 1_000, wallet: "bitcoin", walletAddress: WALLET })).json();
    expect(made).not.toHaveProperty("wallet");
    expect(made).not.toHaveProperty("walletAddress");
  });
});


describe.runIf(testDatabaseUrl)("money out under concurrency (PostgreSQL)", () => {
  it("50 concurrent payouts that together exceed the balance never take it below zero", async () => {
    const user = await payer({ funds: 100_000n });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => user.client.post("/api/payouts", { amountCents: 3_000, walletAddress: WALLET }).then((r) => r.status)));
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBe(33);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 100_000 - accepted * 3_000, totalBalanceCents: 100_000 });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("concurrent mark-paid and reject of one payout resolve it once", async () => {
    const admin = await person({ admin: true });
    const user = await payer({ funds: 50_000n });
    const made = await (await user.client.post("/api/payouts", { amountCents: 20_000, walletAddress: WALLET })).json();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? admin.client.post(`/api/admin/payouts/${made.id}/mark-paid`, { txId: `tx${index}` }).then((r) => r.status)
          : admin.client.post(`/api/admin/payouts/${made.id}/reject`, { reason: "no" }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const figures = await summary(user);
    expect(figures.totalBalanceCents + figures.totalPayoutCents).toBe(50_000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("paying one money request twice at once pays once", async () => {
    const requester = await person();
    const payer = await person({ funds: 50_000n });
    const made = await (await requester.client.post("/api/money-requests", { fromEmail: payer.email, amountCents: 10_000 })).json();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => payer.client.post(`/api/money-requests/${made.id}/pay`).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect((await summary(payer)).mainBalanceCents).toBe(40_000);
    expect((await summary(requester)).mainBalanceCents).toBe(10_000);
  });
});
