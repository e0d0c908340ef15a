import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessage, moneyRequest, transfer } from "#server/db/schema.js";
import { person as newPerson, summary } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const rows = async (table: typeof contactMessage | typeof transfer | typeof moneyRequest) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

async function refused(response: Response, field: string, message: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe("VALIDATION_FAILED");
  expect(body.error.fields?.[field]).toBe(message);
}

describe("text fields on the server", () => {
  it("refuse a NUL in a contact message with 400, store nothing and log none of the visitor's data", async () => {
    const before = await rows(contactMessage);
    const visitor = { name: "Nul\u0000Visitor", email: "nul-visitor@example.com", message: "Hello" };
    await refused(await suite.server.client().post("/api/contact", visitor), "name", "Name must not contain control characters.");
    await refused(await suite.server.client().post("/api/contact", { ...visitor, name: "Ada", message: "Hi\u0000" }), "message", "Message must not contain control characters.");
    expect(await rows(contactMessage)).toBe(before);
    const logs = suite.server.logs.join("");
    expect(logs).not.toContain("nul-visitor@example.com");
    expect(logs).not.toContain("Visitor");
  });

  it("refuse control characters, bidi overrides and over-long notes on transfers; keep line breaks in a note", async () => {
    const sender = await person({ funds: 10_000n });
    const recipient = await person();
    const before = await rows(transfer);
    const send = (note: string) => sender.client.post("/api/transfers", { toEmail: recipient.email, amountCents: 100, note });
    await refused(await send("Lunch\u0000"), "note", "The note must not contain control characters.");
    await refused(await send("Lunch \u202Egnp.exe"), "note", "The note must not contain control characters.");
    await refused(await send("Lunch\u0085"), "note", "The note must not contain control characters.");
    await refused(await send("n".repeat(501)), "note", "The note must be at most 500 characters.");
    expect(await rows(transfer)).toBe(before);
    expect((await summary(sender)).mainBalanceCents).toBe(10_000);

    expect((await send("n".repeat(500))).status).toBe(201);
    const multiLine = await send("Lunch\nand coffee");
    expect(multiLine.status).toBe(201);
    expect((await multiLine.json()).note).toBe("Lunch\nand coffee");
  });

  it("refuse a NUL in a field the schema does not know, and move nothing", async () => {
    const sender = await person({ funds: 10_000n });
    const recipient = await person();
    const response = await sender.client.post("/api/transfers", { toEmail: recipient.email, amountCents: 100, memo: "x\u0000" });
    await refused(response, "memo", "This value must not contain control characters.");
    const nestedKey = await sender.client.post("/api/transfers", { toEmail: recipient.email, amountCents: 100, extra: { "k\u0000": 1 } });
    expect(nestedKey.status).toBe(400);
    expect((await summary(sender)).mainBalanceCents).toBe(10_000);
  });

  it("refuse control characters in money requests, payouts and every admin text", async () => {
    const user = await person({ funds: 50_000n });
    const payer = await person();
    const admin = await person({ admin: true });
    const requests = await rows(moneyRequest);
    await refused(await user.client.post("/api/money-requests", { fromEmail: payer.email, amountCents: 100, note: "\u0007ring" }), "note", "The note must not contain control characters.");
    expect(await rows(moneyRequest)).toBe(requests);
    await refused(await user.client.post("/api/payouts", { amountCents: 5_000, walletAddress: `${WALLET}\u0000` }), "walletAddress", "The wallet address must not contain control characters.");
    expect((await summary(user)).mainBalanceCents).toBe(50_000);

    const deposit = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 5_000 })).json();
    await refused(await admin.client.post(`/api/admin/deposits/${deposit.id}/reject`, { reason: "Bad\u001B[31m" }), "reason", "The reason must not contain control characters.");
    await refused(await admin.client.post(`/api/admin/deposits/${deposit.id}/reject`, { reason: "r".repeat(501) }), "reason", "The reason must be at most 500 characters.");
    await refused(await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, { txId: "t".repeat(129) }), "txId", "The transaction id must be at most 128 characters.");
    expect((await summary(user)).mainBalanceCents).toBe(50_000);

    const plan = { name: "Gold", minimumCents: 100_000, rateBasisPoints: 1000, termDays: 30, features: ["Daily", "Safe"], active: true, earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 };
    const putPlan = (body: unknown) => admin.client.request("/api/admin/plans/advanced", { method: "PUT", body });
    await refused(await putPlan({ ...plan, name: "Gold\u202E" }), "name", "The name must not contain control characters.");
    await refused(await putPlan({ ...plan, features: ["Daily\npayouts", "Safe"] }), "features.0", "A feature must not contain control characters.");
  });

  it("answer a control character in query text or a path id with 400, not a database error", async () => {
    const admin = await person({ admin: true });
    for (const path of ["/api/admin/users?q=%00", "/api/admin/users?q=a%1Bb", "/api/transactions?cursor=%00", "/api/content?path=%00"]) {
      const response = await admin.client.get(path);
      expect([path, response.status]).toEqual([path, 400]);
    }
    for (const path of ["/api/admin/deposits/%00/confirm", "/api/notifications/%00/read", "/api/money-requests/%C2%85/pay", "/api/payouts/x%00/cancel"]) {
      const response = await admin.client.post(path, {});
      expect([path, response.status]).toEqual([path, 400]);
    }
    expect((await admin.client.get("/api/admin/users?q=Tolu")).status).toBe(200);
    expect(suite.server.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
