import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatCents } from "#shared/money.js";
import { utcMonthStart } from "#shared/schemas/statements.js";
import { settleDue } from "#server/services/investments/settle-due.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { sendStatementNotices, STATEMENTS_LINK } from "#server/services/statements/send-statement-notices.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { creditMainBalance } from "./helpers/ledger.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { insertUser } from "./helpers/users.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const DAY = 86_400_000;
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/**
 * Journals are dated by the database (real time); the server's clock decides which periods are
 * over. The month the journals of this file fall in is the real one; its statement is ready once
 * the clock has moved past its end.
 */
const MONTH = monthKey(new Date());
const nextMonthStart = (month: string) => utcMonthStart(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
const moveClockPast = (end: Date) => {
  const behind = end.getTime() + DAY - suite.server.clock.now().getTime();
  if (behind > 0) suite.server.clock.advance(behind);
};
/** Settles whatever is due by the server's clock until nothing is (a rollover's new investment may be due too). */
const settleAll = async () => {
  while ((await settleDue(db(), suite.server.clock.now())).settled > 0);
};

/** The PDF's text as pdftotext (poppler-utils) reads it, columns kept on their lines. */
const pdfToText = (pdf: Uint8Array) => execFileSync("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf }).toString("utf8");
const pdfOf = async (who: Person, path: string) => {
  const response = await who.client.get(path);
  expect(response.status, `${path}: ${response.status === 200 ? "" : await response.clone().text()}`).toBe(200);
  return { response, text: pdfToText(new Uint8Array(await response.arrayBuffer())) };
};
const startsMovement = (line: string) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s/.test(line.trim());
/** The lines of the PDF that start a movement: each begins with its date and time. */
const movementLines = (text: string) => text.split("\n").filter(startsMovement);
/** Each movement with the lines under it (wrapped details, a long reference), up to the next one or the end of its page. */
const movementBlocks = (text: string) => {
  const blocks: string[][] = [];
  for (const line of text.split("\n")) {
    if (startsMovement(line)) blocks.push([line]);
    else if (line.includes("\f") || /Page \d+ of \d+/.test(line)) blocks.push([]);
    else blocks.at(-1)?.push(line);
  }
  return blocks.filter((block) => block.length > 0 && startsMovement(block[0]!)).map((block) => block.join("\n"));
};

type CsvRow = { date: string; event: string; description: string; change: string; after: string; status: string; reference: string; note: string };
/** The history's CSV as rows: each cell quoted or bare, quotes doubled inside (RFC 4180), lines ending in CRLF. */
async function csvRows(who: Person): Promise<CsvRow[]> {
  const text = await (await who.client.get("/api/transactions?format=csv")).text();
  const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]!.replace(/^"([\s\S]*)"$/, "$1").replace(/""/g, '"'));
  return text
    .trim()
    .split("\r\n")
    .slice(1)
    .map(cells)
    .map(([date = "", event = "", description = "", change = "", after = "", status = "", reference = "", note = ""]) => ({ date, event, description, change, after, status, reference, note }));
}
const cents = (decimal: string) => BigInt(Math.round(Number(decimal) * 100));
const amount = (decimal: string) => (cents(decimal) === 0n ? "no change" : formatCents(cents(decimal)));

/** What p:fees took in the user's journals, straight from the ledger. */
async function feesOf(userId: string): Promise<bigint> {
  const rows = (await db().execute(sql`select coalesce(sum(p.amount_cents), 0)::text as fees from posting p
    where p.account_id = 'p:fees' and p.journal_id in (select journal_id from posting where account_id = ${`u:${userId}:available`})`)) as unknown as { rows: Array<{ fees: string }> };
  return BigInt(rows.rows[0]?.fees ?? "0");
}

let investor: Person;

describe("the monthly account statement", () => {
  it("prints the operator, the investor, the period, both balances and every movement, equal to the ledger and the CSV to the cent", { timeout: 60_000 }, async () => {
    investor = await person({ name: "Ada Statement-Lovelace", funds: 1_000_000n });
    const friend = await person({ name: "Bola Friend" });
    await creditMainBalance(db(), friend.id, 50_000n);
    const post = async (who: Person, path: string, body: unknown, status = 201) => {
      const response = await who.client.post(path, body);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(status);
      return response.json();
    };
    // Paid out at maturity, rolled over (principal and profit), withdrawn early.
    await post(investor, "/api/investments", { planId: "standard", amountCents: 100_000 });
    await post(investor, "/api/investments", { planId: "standard", amountCents: 200_000, maturityInstruction: "rollover_all" });
    const early = await post(investor, "/api/investments", { planId: "standard", amountCents: 150_000 });
    await post(investor, `/api/investments/${early.id}/early-withdrawal`, {}, 200);
    // A transfer each way, a withdrawal requested and cancelled, and a deposit claim nobody confirmed.
    await post(investor, "/api/transfers", { toEmail: friend.email, amountCents: 12_345, note: "=SUM(A1)" });
    await post(friend, "/api/transfers", { toEmail: investor.email, amountCents: 5_000 });
    const payout = await post(investor, "/api/payouts", { amountCents: 2_000, walletAddress: await listWallet(db(), investor.id) });
    await post(investor, `/api/payouts/${payout.id}/cancel`, {}, 200);
    await post(investor, "/api/deposits", await bankDepositBody(investor.client, 50_000));
    suite.server.clock.advance(15 * DAY);
    await settleAll();
    moveClockPast(nextMonthStart(MONTH));
    await settleAll();

    const { response, text } = await pdfOf(investor, `/api/statements/monthly/${MONTH}`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="termvest-statement-${MONTH}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("no-store");

    // Who issues it (the example operator outside production, said so), to whom, for when.
    const { operator } = suite.server.config.site;
    expect(text).toContain(operator.legalName);
    expect(text).toContain(operator.registeredAddress);
    expect(text).toMatch(/These company details are examples/);
    expect(text).toContain("Ada Statement-Lovelace");
    expect(text).toContain(investor.email);
    const monthLabel = new Date(`${MONTH}-01T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    expect(text).toContain(`Account statement`);
    expect(text).toContain(monthLabel);

    // The ledger: the six figures and its own check.
    const figures = await summary(investor);
    expect(await verifyLedger(db())).toEqual([]);
    const fees = await feesOf(investor.id);
    expect(fees).toBe(3_000n); // 2 % of the 1,500.00 withdrawn early
    expect(figures.interestBalanceCents).toBeGreaterThan(0);
    const line = (label: RegExp) => text.split("\n").find((row) => label.test(row)) ?? "";
    expect(line(/Opening Main Balance on 1 /)).toMatch(/\$0\.00\s*$/);
    expect(line(/Closing Main Balance on /)).toContain(formatCents(figures.mainBalanceCents));
    expect(line(/^\s*Interest earned\s+\$/)).toContain(formatCents(figures.interestBalanceCents));
    expect(line(/^\s*Fees paid\s+\$/)).toContain(formatCents(fees));

    // The CSV: the same rows (a claim nobody confirmed moved no money and is not on the statement), the same totals.
    const csv = (await csvRows(investor)).filter((row) => row.date.startsWith(MONTH));
    const moved = csv.filter((row) => row.event !== "Deposit waiting for confirmation");
    expect(moved.length).toBe(csv.length - 1);
    expect(new Set(moved.map((row) => row.event))).toEqual(
      new Set([
        "Deposit confirmed",
        "Investment started",
        "Maturity paid",
        "Investment rolled over",
        "Withdrawn early",
        "Transfer sent",
        "Transfer received",
        "Withdrawal requested",
        "Withdrawal cancelled",
      ]),
    );
    const lines = movementLines(text);
    const blocks = movementBlocks(text);
    expect(lines).toHaveLength(moved.length);
    expect(blocks).toHaveLength(moved.length);
    expect(text).not.toContain("Deposit waiting for confirmation");
    // Oldest first on the statement, newest first in the CSV: each CSV row is the statement's line at the same place from the end.
    moved.reverse().forEach((row, i) => {
      const printed = lines[i]!;
      expect(printed.trim().startsWith(`${row.date.slice(0, 10)} ${row.date.slice(11, 16)}`), `${row.event} at ${row.date}: ${printed}`).toBe(true);
      expect(printed).toContain(row.event);
      // A reference too long for its column (a wallet address) is whole on a line under the movement.
      if (row.reference) expect(blocks[i]).toContain(row.reference);
      expect(printed).toMatch(new RegExp(`${escape(amount(row.change))}\\s+${escape(row.after === "" ? "unchanged" : formatCents(cents(row.after)))}\\s*$`));
    });
    const movements = moved.reduce((sum, row) => sum + cents(row.change), 0n);
    expect(movements).toBe(BigInt(figures.mainBalanceCents)); // the account opened this month: opening 0
    expect(text).toContain(`Movements (${moved.length})`);
    const moneyIn = moved.reduce((sum, row) => (cents(row.change) > 0n ? sum + cents(row.change) : sum), 0n);
    expect(line(/^\s*Money in\s/)).toContain(formatCents(moneyIn));
    expect(line(/^\s*Money out\s/)).toContain(formatCents(movements - moneyIn));
  });

  it("continues a long month on further pages, under its column headings, every page numbered", async () => {
    const busy = await person({ name: "Pat Many-Pages" });
    for (let i = 0; i < 90; i++) await creditMainBalance(db(), busy.id, BigInt(10_000 + i), `pages:${busy.id}:${i}`);
    moveClockPast(nextMonthStart(MONTH));
    const { text } = await pdfOf(busy, `/api/statements/monthly/${MONTH}`);
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    for (const page of pages.slice(1)) expect(page).toContain("(continued)");
    expect(pages.filter((page) => /Date \(UTC\)\s+Type\s+Details\s+Reference\s+Change/.test(page)).length).toBeGreaterThanOrEqual(2);
    // Every movement once, none cut between two pages.
    const lines = movementLines(text);
    expect(lines).toHaveLength(90);
    for (let i = 0; i < 90; i++) expect(lines[i]).toContain(formatCents(10_000 + i));
    expect(text).toMatch(new RegExp(`Closing Main Balance on .*${escape(formatCents(90 * 10_000 + (89 * 90) / 2))}`));
  });
});

describe("the yearly interest statement", () => {
  it("lists each interest payment and the fee, with totals equal to the ledger's", async () => {
    const year = MONTH.slice(0, 4);
    moveClockPast(utcMonthStart(Number(year) + 1, 0));
    // The rolled-over investment keeps rolling over while the clock moves: settle all of it first.
    await settleAll();
    const { response, text } = await pdfOf(investor, `/api/statements/yearly/${year}`);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="termvest-interest-statement-${year}.pdf"`);
    const figures = await summary(investor);
    const fees = await feesOf(investor.id);
    expect(text).toContain("Interest statement");
    expect(text).toContain("Ada Statement-Lovelace");
    expect(text).toMatch(new RegExp(`Interest earned in ${year}\\s+${escape(formatCents(figures.interestBalanceCents))}`));
    expect(text).toMatch(new RegExp(`Fees paid in ${year}\\s+${escape(formatCents(fees))}`));
    expect(text).toMatch(new RegExp(`Total interest earned\\s+${escape(formatCents(figures.interestBalanceCents))}`));
    expect(text).toMatch(new RegExp(`Total fees paid\\s+${escape(formatCents(fees))}`));
    // One line per maturity or rollover, and they add up to the total.
    const interest = (await csvRows(investor)).filter((row) => row.event === "Maturity paid" || row.event === "Investment rolled over");
    const printed = movementLines(text.slice(text.indexOf("Interest earned ("), text.indexOf("Fees paid (")));
    expect(printed).toHaveLength(interest.length);
    const sum = printed.reduce((total, row) => total + cents(row.trim().split(/\s+/).at(-1)!.replace(/[$,]/g, "")), 0n);
    expect(sum).toBe(BigInt(figures.interestBalanceCents));
    expect(movementLines(text.slice(text.indexOf("Fees paid ("))).map((row) => row.includes("Withdrawn early"))).toEqual([true]);
  });
});

describe("who can have which statement", () => {
  it("lists the caller's complete months and years since the account opened", async () => {
    const periods = await (await investor.client.get("/api/statements")).json();
    const now = suite.server.clock.now();
    expect(periods.months[0]).toBe(monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))));
    expect(periods.months.at(-1)).toBe(MONTH);
    expect(periods.years).toContain(MONTH.slice(0, 4));
    expect(periods.nextMonth).toBe(monthKey(now));
  });

  it("refuses a malformed, unfinished, future or too early period with a 400, and anyone signed out with a 401", async () => {
    const refused = async (path: string, field: string) => {
      const response = await investor.client.get(path);
      expect(response.status, path).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(error.fields ?? {}), path).toEqual([field]);
      return error.message as string;
    };
    for (const month of ["2026-13", "2026-00", "2026-1", "26-10", "2026-10-01", "abcd-ef", "%20"]) await refused(`/api/statements/monthly/${month}`, "month");
    for (const year of ["26", "20266", "two"]) await refused(`/api/statements/yearly/${year}`, "year");
    const now = suite.server.clock.now();
    expect(await refused(`/api/statements/monthly/${monthKey(now)}`, "month")).toMatch(/is not over yet: its statement is ready on 1 /);
    expect(await refused(`/api/statements/yearly/${now.getUTCFullYear()}`, "year")).toMatch(/not over yet/);
    expect(await refused(`/api/statements/monthly/${now.getUTCFullYear() + 1}-01`, "month")).toMatch(/has not begun yet/);
    expect(await refused(`/api/statements/yearly/${now.getUTCFullYear() + 5}`, "year")).toMatch(/has not begun yet/);
    const before = monthKey(new Date(nextMonthStart(MONTH).getTime() - 40 * DAY));
    expect(await refused(`/api/statements/monthly/${before}`, "month")).toMatch(/Your account was opened in /);
    expect(await refused(`/api/statements/yearly/${Number(MONTH.slice(0, 4)) - 1}`, "year")).toMatch(/Your account was opened in /);

    const visitor = suite.server.client();
    for (const path of ["/api/statements", `/api/statements/monthly/${MONTH}`, `/api/statements/yearly/2026`]) expect((await visitor.get(path)).status, path).toBe(401);
  });

  it("is always the caller's own: no address names another user", async () => {
    const other = await person({ name: "Cleo Other" });
    const { text } = await pdfOf(other, `/api/statements/monthly/${MONTH}?userId=${investor.id}&user=${investor.id}`);
    expect(text).toContain("Cleo Other");
    expect(text).not.toContain("Ada Statement-Lovelace");
    expect(text).not.toContain(investor.email);
    expect(movementLines(text)).toEqual([]);
    expect(text).toContain("No movements in this period.");
    expect((await other.client.get(`/api/statements/monthly/${MONTH}/${investor.id}`)).status).toBe(404);
  });

  it("is described in the API document as a PDF download with the period's pattern", async () => {
    const doc = await (await investor.client.get("/api/openapi.json")).json();
    const monthly = doc.paths["/api/statements/monthly/{month}"].get;
    expect(Object.keys(monthly.responses["200"].content)).toEqual(["application/pdf"]);
    expect(monthly.parameters[0]).toMatchObject({ name: "month", in: "path", required: true, schema: { type: "string", pattern: expect.any(String) } });
    expect(Object.keys(doc.paths["/api/statements/yearly/{year}"].get.responses["200"].content)).toEqual(["application/pdf"]);
  });
});

describe("the monthly e-mail", () => {
  it("tells each user once that last month's statement is ready, with a link and no PDF, however often it runs", async () => {
    const now = suite.server.clock.now();
    const month = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const opened = (await db().execute(sql`select count(*)::int as n from "user" where created_at < ${utcMonthStart(now.getUTCFullYear(), now.getUTCMonth()).toISOString()}::timestamptz and banned is not true`)) as unknown as { rows: Array<{ n: number }> };
    const users = opened.rows[0]!.n;
    expect(users).toBeGreaterThanOrEqual(4);
    // A banned user gets nothing; a month nobody's account is older than gets nothing.
    const banned = await insertUser(db(), { name: "Banned Person" });
    await db().execute(sql`update "user" set banned = true where id = ${banned.id}`);
    expect(await sendStatementNotices(db(), new Date(Date.UTC(2000, 1, 3)))).toBe(0);

    // Two servers at once, in small batches, then a retry: each user once.
    const runs = await Promise.all([sendStatementNotices(db(), now, 2), sendStatementNotices(db(), now, 3)]);
    expect(runs[0] + runs[1]).toBe(users);
    expect(await sendStatementNotices(db(), now)).toBe(0);

    const mails = (await db().execute(sql`select "to", subject, text, link from outgoing_mail where kind = 'statement-ready'`)) as unknown as {
      rows: Array<{ to: string; subject: string; text: string; link: string }>;
    };
    expect(mails.rows).toHaveLength(users);
    expect(new Set(mails.rows.map((mail) => mail.to)).size).toBe(users);
    expect(mails.rows.map((mail) => mail.to)).not.toContain(banned.email);
    const monthLabel = new Date(`${month}-01T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    const mine = mails.rows.find((mail) => mail.to === investor.email)!;
    expect(mine.subject).toBe(`Your statement for ${monthLabel} is ready`);
    expect(mine.link).toBe(STATEMENTS_LINK);
    expect(mine.text).not.toMatch(/%PDF|\$\d/);
    // The mail worker sends it with the link made absolute, and nothing attached.
    await expect.poll(() => suite.server.mailer.find(investor.email, /Your statement for/).length, { timeout: 15_000 }).toBe(1);
    const sent = suite.server.mailer.find(investor.email, /Your statement for/)[0]!;
    expect(sent.text).toContain(`${suite.server.config.publicUrl}${STATEMENTS_LINK}`);
    expect(Object.keys(sent).sort()).toEqual(["subject", "text", "to"]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
