import { describe, expect, it } from "vitest";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

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
    expect(received[0]).toBe('"Date","Event","Description","Main Balance change (USD)","Main Balance after (USD)","Status","Reference"');
    const references = received.slice(1).map((line) => line.split(',"').at(-1)?.replace(/"$/, ""));
    expect(references.sort()).toEqual(["'+1", "'-5 refund", "'=HYPERLINK(\"\"http://evil.example\"\")", "'@SUM(A1)"].sort());
    // Amounts are bare numbers: a spreadsheet adds them up, and no guard turns them into text.
    expect(received.slice(1).every((line) => /,0\.01,0\.0[1-4],"completed",/.test(line))).toBe(true);

    const sent = await csvRows(sender);
    const outgoing = sent.filter((line) => line.includes('"Transfer sent"'));
    expect(outgoing).toHaveLength(4);
    expect(outgoing.every((line) => /,-0\.01,99\.9\d,"completed",/.test(line))).toBe(true);
    expect(sent.join("\n")).not.toContain("'-0.01");
  });
});
