import { describe, expect, it } from "vitest";
import { settleDue } from "#server/services/investments/settle-due.js";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const csvRows = async (who: Person) => (await (await who.client.get("/api/transactions?format=csv")).text()).trim().split("\r\n");

describe("transaction history as CSV", () => {
  it("guards text cells that start like a formula, and writes amounts as plain numbers", async () => {
    const sender = await person({ funds: 10_000n });
    const recipient = await person();
    for (const note of ["=HYPERLINK(\"http://evil.example\")", "-5 refund", "@SUM(A1)", "+1"]) {
      expect((await sender.client.post("/api/transfers", { toEmail: recipient.email, amountCents: 1, note })).status).toBe(201);
    }

    const received = await csvRows(recipient);
    expect(received[0]).toBe('"Date","Event","Description","Main Balance change (USD)","Main Balance after (USD)","Status","Reference","Note"');
    // The note, in the sender's words, has its own column; the reference is the transfer's.
    const notes = received.slice(1).map((line) => line.split(',"').at(-1)?.replace(/"$/, ""));
    expect(notes.sort()).toEqual(["'+1", "'-5 refund", "'=HYPERLINK(\"\"http://evil.example\"\")", "'@SUM(A1)"].sort());
    expect(received.slice(1).every((line) => /"completed","TR-[0-9A-F]{8}",/.test(line))).toBe(true);
    // Amounts are bare numbers: a spreadsheet adds them up, and no guard turns them into text.
    expect(received.slice(1).every((line) => /,0\.01,0\.0[1-4],"completed",/.test(line))).toBe(true);

    const sent = await csvRows(sender);
    const outgoing = sent.filter((line) => line.includes('"Transfer sent"'));
    expect(outgoing).toHaveLength(4);
    expect(outgoing.every((line) => /,-0\.01,99\.9\d,"completed",/.test(line))).toBe(true);
    expect(sent.join("\n")).not.toContain("'-0.01");
  });

  it("calls a withdrawal pending until it is sent, and a paid request's note a note, not its reference", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 10_000n });
    const asker = await person({ name: "Ada Asker" });
    const wallet = await listWallet(suite.database.handle.db, user.id);
    const held = await (await user.client.post("/api/payouts", { amountCents: 2_000, walletAddress: wallet })).json();
    const request = await (await asker.client.post("/api/money-requests", { fromEmail: user.email, amountCents: 500, note: "Taxi from the airport" })).json();
    expect((await user.client.post(`/api/money-requests/${request.id}/pay`, {})).status).toBe(200);

    const line = (rows: string[], event: string) => rows.find((row) => row.includes(`"${event}"`)) ?? "";
    const before = await csvRows(user);
    expect(line(before, "Withdrawal requested")).toContain(',"pending",');
    expect(line(before, "Money request paid")).toMatch(/"completed","MR-[0-9A-F]{8}","Taxi from the airport"$/);
    expect((await admin.client.post(`/api/admin/payouts/${held.id}/mark-paid`, { txId: "tx-pending-check" })).status).toBe(200);
    const after = await csvRows(user);
    expect(line(after, "Withdrawal requested")).toContain(',"completed",');
  });

  it("names a rollover and an early withdrawal in the history's words, with their amounts", async () => {
    const user = await person({ funds: 500_000n });
    const invest = async (body: Record<string, unknown>) => {
      const response = await user.client.post("/api/investments", { planId: "standard", ...body });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    await invest({ amountCents: 100_000, maturityInstruction: "rollover_principal" });
    await invest({ amountCents: 200_000, maturityInstruction: "rollover_all" });
    const early = await invest({ amountCents: 150_000 });
    expect((await user.client.post(`/api/investments/${early.id}/early-withdrawal`, {})).status).toBe(200);
    suite.server.clock.advance(15 * 86_400_000);
    await settleDue(suite.database.handle.db, suite.server.clock.now());

    const rows = await csvRows(user);
    const line = (description: RegExp) => rows.filter((row) => description.test(row));
    // The profit paid out, the principal rolled over: the Main Balance gains the profit (10 % of 1,000.00).
    expect(line(/"Investment rolled over","Standard: profit \$100\.00 paid; the principal started a new investment",100\.00,/)).toHaveLength(1);
    // Both rolled over: only the profit moved (into invested), so the Main Balance did not change.
    expect(line(/"Investment rolled over","Standard: profit \$200\.00 added to the principal, which started a new investment",0\.00,,"completed","Standard",/)).toHaveLength(1);
    // Principal less the 2 % fee, no profit.
    expect(line(/"Withdrawn early","Standard: principal \$1,500\.00 less a \$30\.00 early-withdrawal fee, no profit",1470\.00,/)).toHaveLength(1);
  });
});
