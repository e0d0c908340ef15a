import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "#server/paths.js";
import { describe, expect, it } from "vitest";
import { posting } from "#server/db/schema.js";
import { expireDeposits } from "#server/services/deposits/expire-deposits.js";
import { settleDue } from "#server/services/investments/settle-due.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const DAY = 86_400_000;

type Page = { items: HistoryEntryDto[]; nextCursor: string | null };
const history = async (who: Person, limit = 100, cursor?: string): Promise<Page & { entries: HistoryEntryDto[] }> => {
  const page: Page = await (await who.client.get(`/api/transactions?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`)).json();
  return { ...page, entries: page.items };
};

/** The CSV as rows of cells: quoted text cells unquoted, amounts as they are written. */
async function csv(who: Person): Promise<string[][]> {
  const text = await (await who.client.get("/api/transactions?format=csv")).text();
  return text
    .trim()
    .split("\r\n")
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, 7).map((match) => match[1]!.replace(/^"|"$/g, "").replace(/""/g, '"')));
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe("the history as a statement", () => {
  it("shows one row per business event with its effect on the Main Balance and the balance after it", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 500_000n });
    await listWallet(db(), user.id, WALLET);
    const friend = await person({ name: "Bola Ola" });
    // A confirmed deposit, an investment that matures, a transfer each way, a paid request and three withdrawals.
    const deposit = await (await user.client.post("/api/deposits", await bankDepositBody(user.client, 100_000, "gtbank"))).json();
    expect((await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {})).status).toBe(200);
    expect((await user.client.request("/api/investments", { body: { planId: "advanced", amountCents: 200_000 }, headers: { "Idempotency-Key": "hist-invest-1" } })).status).toBe(201);
    expect((await user.client.post("/api/transfers", { toEmail: friend.email, amountCents: 10_000 })).status).toBe(201);
    const fundFriend = await person({ funds: 50_000n });
    expect((await fundFriend.client.post("/api/transfers", { toEmail: user.email, amountCents: 5_000, note: "lunch" })).status).toBe(201);
    const asked = await (await friend.client.post("/api/money-requests", { fromEmail: user.email, amountCents: 2_500 })).json();
    expect((await user.client.post(`/api/money-requests/${asked.id}/pay`, {})).status).toBe(200);
    const sent = await (await user.client.post("/api/payouts", { amountCents: 30_000, walletAddress: WALLET })).json();
    expect((await admin.client.post(`/api/admin/payouts/${sent.id}/mark-paid`, { txId: "tx-42" })).status).toBe(200);
    const cancelled = await (await user.client.post("/api/payouts", { amountCents: 20_000, walletAddress: WALLET })).json();
    expect((await user.client.post(`/api/payouts/${cancelled.id}/cancel`, {})).status).toBe(200);
    const rejected = await (await user.client.post("/api/payouts", { amountCents: 15_000, walletAddress: WALLET })).json();
    expect((await admin.client.post(`/api/admin/payouts/${rejected.id}/reject`, { reason: "Wallet looks wrong." })).status).toBe(200);
    await settleDue(db(), new Date(suite.server.clock.now().getTime() + 21 * DAY));

    const { entries, nextCursor } = await history(user);
    const events = entries.map((entry) => [entry.event, entry.title, entry.mainBalanceChangeCents]);
    expect(events).toEqual([
      ["maturity_paid", "Maturity paid", 224_000],
      ["withdrawal_rejected", "Withdrawal rejected", 15_000],
      ["withdrawal_requested", "Withdrawal requested", -15_000],
      ["withdrawal_cancelled", "Withdrawal cancelled", 20_000],
      ["withdrawal_requested", "Withdrawal requested", -20_000],
      ["withdrawal_sent", "Withdrawal sent", 0],
      ["withdrawal_requested", "Withdrawal requested", -30_000],
      ["money_request_paid", "Money request paid", -2_500],
      ["transfer_received", "Transfer received", 5_000],
      ["transfer_sent", "Transfer sent", -10_000],
      ["investment_started", "Investment started", -200_000],
      ["deposit_confirmed", "Deposit confirmed", 100_000],
      ["deposit_confirmed", "Deposit confirmed", 500_000],
    ]);
    expect(entries).toHaveLength(13);
    expect(nextCursor).toBeNull();
    const find = (event: string) => entries.find((entry) => entry.event === event)!;
    expect(find("maturity_paid").description).toBe("Advanced: principal $2,000.00 + profit $240.00");
    expect(find("investment_started").description).toBe("Advanced: $2,000.00 invested");
    expect(find("withdrawal_sent")).toMatchObject({ description: "$300.00 sent to your wallet (taken from your Main Balance when you asked)", mainBalanceAfterCents: null, reference: "tx-42" });
    expect(find("transfer_sent").description).toBe(`To Bola Ola (${friend.email})`);
    expect(find("transfer_received")).toMatchObject({ description: expect.stringMatching(/^From Tolu Ade/), reference: expect.stringMatching(/^TR-[0-9A-F]{8}$/), note: "lunch" });
    expect(find("money_request_paid").description).toBe(`You paid Bola Ola (${friend.email})'s request`);
    expect(entries.filter((entry) => entry.event === "deposit_confirmed").map((entry) => entry.description)).toEqual(["Bank deposit (GTBank)", "Deposit"]);

    // Oldest first, each balance after is the one before plus the change, ending at today's Main Balance.
    const moved = entries.filter((entry) => entry.mainBalanceAfterCents !== null).reverse();
    moved.reduce((before, entry) => {
      expect(entry.mainBalanceAfterCents, entry.title).toBe(before + entry.mainBalanceChangeCents);
      return entry.mainBalanceAfterCents!;
    }, 0);
    const main = (await summary(user)).mainBalanceCents;
    expect(moved.at(-1)?.mainBalanceAfterCents).toBe(main);
    expect(entries.reduce((sum, entry) => sum + entry.mainBalanceChangeCents, 0)).toBe(main);

    // The other side of the paid request reads it from their side.
    const theirs = (await history(friend)).entries.find((entry) => entry.event === "money_request_paid");
    expect(theirs).toMatchObject({ mainBalanceChangeCents: 2_500, description: expect.stringMatching(/paid your request$/) });

    // Pages are cut on the server, and together they are the whole statement.
    const first = await history(user, 5);
    const second = await history(user, 5, first.nextCursor!);
    const third = await history(user, 5, second.nextCursor!);
    expect(first.entries.map((entry) => entry.id)).toEqual(entries.slice(0, 5).map((entry) => entry.id));
    expect(second.entries.map((entry) => entry.id)).toEqual(entries.slice(5, 10).map((entry) => entry.id));
    expect(third.entries.map((entry) => entry.id)).toEqual(entries.slice(10).map((entry) => entry.id));
    expect(third.nextCursor).toBeNull();

    // The CSV: the same events, numbers a spreadsheet can add, summing to the Main Balance.
    const rows = await csv(user);
    expect(rows[0]).toEqual(["Date", "Event", "Description", "Main Balance change (USD)", "Main Balance after (USD)", "Status", "Reference"]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(entries.map((entry) => entry.title));
    expect(rows.slice(1).every((row) => /^-?\d+\.\d\d$/.test(row[3]!))).toBe(true);
    expect(rows.slice(1).reduce((sum, row) => sum + cents(row[3]!), 0)).toBe(main);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("lists a deposit that was not confirmed without money: no change, no balance after, not credited", async () => {
    const admin = await person({ admin: true });
    const user = await person();
    const rejected = await (await user.client.post("/api/deposits", await bankDepositBody(user.client, 100_000, "uba"))).json();
    expect((await admin.client.post(`/api/admin/deposits/${rejected.id}/reject`, { reason: "Nothing arrived." })).status).toBe(200);
    await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 350_000 });
    const expiring = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 7_000 })).json();
    await expireDeposits(db(), new Date(new Date(expiring.expiresAt).getTime() + 1000));

    const { entries } = await history(user);
    expect(entries.map((entry) => [entry.event, entry.status, entry.mainBalanceChangeCents, entry.mainBalanceAfterCents])).toEqual([
      ["deposit_expired", "expired", 0, null],
      ["deposit_expired", "expired", 0, null],
      ["deposit_rejected", "rejected", 0, null],
    ]);
    expect(entries.at(-1)).toMatchObject({ title: "Deposit rejected", description: "Bank deposit (UBA) of $1,000.00: not credited", reference: rejected.reference });
    const rows = await csv(user);
    expect(rows.slice(1).map((row) => [row[1], row[3], row[4]])).toEqual([
      ["Deposit expired", "0.00", ""],
      ["Deposit expired", "0.00", ""],
      ["Deposit rejected", "0.00", ""],
    ]);
    expect((await summary(user)).mainBalanceCents).toBe(0);
  });

  it("records a true balance after each of many journals that credit one account at the same moment", async () => {
    const user = await person();
    const senders = await Promise.all(Array.from({ length: 8 }, () => person({ funds: 10_000n })));
    const amounts = senders.map((_, index) => 100 * (index + 1));
    const statuses = await Promise.all(senders.map((sender, index) => sender.client.post("/api/transfers", { toEmail: user.email, amountCents: amounts[index] }).then((r) => r.status)));
    expect(statuses.every((status) => status === 201)).toBe(true);

    // Credits only: in lock order each balance after is higher, and each is the one before plus its amount.
    const rows = await db()
      .select({ amount: posting.amountCents, after: posting.balanceAfterCents })
      .from(posting)
      .where(eq(posting.accountId, userAccount(user.id, "available").id));
    const chain = rows.map((row) => ({ amount: Number(row.amount), after: Number(row.after) })).sort((a, b) => a.after - b.after);
    chain.reduce((before, row) => {
      expect(row.after).toBe(before + row.amount);
      return row.after;
    }, 0);
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(chain.at(-1)?.after).toBe(total);
    expect((await summary(user)).mainBalanceCents).toBe(total);
    const statement = (await history(user)).entries;
    expect(statement).toHaveLength(8);
    expect(new Set(statement.map((entry) => entry.mainBalanceAfterCents))).toEqual(new Set(chain.map((row) => row.after)));
    expect(await verifyLedger(db())).toEqual([]);
  });

  it.runIf(testDatabaseUrl)("keeps the balances after true when debits and credits on one account commit together (PostgreSQL)", async () => {
    const user = await person({ funds: 100_000n });
    const friends = await Promise.all(Array.from({ length: 6 }, () => person({ funds: 10_000n })));
    await Promise.all([
      ...friends.map((friend) => friend.client.post("/api/transfers", { toEmail: user.email, amountCents: 1_000 })),
      ...friends.map((friend) => user.client.post("/api/transfers", { toEmail: friend.email, amountCents: 700 })),
    ]);
    const rows = ((await db().execute(sql`select count(*)::int as n from posting where account_id = ${userAccount(user.id, "available").id}`)) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows[0]?.n).toBe(13);
    expect(await verifyLedger(db())).toEqual([]);
    const rowsCsv = await csv(user);
    expect(rowsCsv.slice(1).reduce((sum, row) => sum + cents(row[3]!), 0)).toBe((await summary(user)).mainBalanceCents);
  });
});

describe("the figures beside the cards", () => {
  it("shows pending deposits and pending withdrawals apart from the six figures", async () => {
    const admin = await person({ admin: true });
    const user = await person({ funds: 50_000n });
    await listWallet(db(), user.id, WALLET);
    expect(await summary(user)).toMatchObject({ pendingDepositsCents: 0, pendingWithdrawalsCents: 0 });
    await user.client.post("/api/deposits", await bankDepositBody(user.client, 250_000, "uba"));
    const second = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 100_000 })).json();
    const refused = await (await user.client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents: 9_900 })).json();
    await admin.client.post(`/api/admin/deposits/${refused.id}/reject`, { reason: "No." });
    expect((await user.client.post("/api/payouts", { amountCents: 12_000, walletAddress: WALLET })).status).toBe(201);
    expect(await summary(user)).toMatchObject({
      mainBalanceCents: 38_000,
      totalTransactionCents: 50_000,
      totalBalanceCents: 50_000,
      pendingDepositsCents: 350_000,
      pendingWithdrawalsCents: 12_000,
    });
    await admin.client.post(`/api/admin/deposits/${second.id}/confirm`, {});
    expect(await summary(user)).toMatchObject({ mainBalanceCents: 138_000, pendingDepositsCents: 250_000, totalTransactionCents: 150_000 });
  });
});

describe("postings made before balances after were recorded", () => {
  it("get the running balance of their account from the migration, and the ledger still verifies", async () => {
    // Every migration before 0017, journals through the post_journal of that time, then the rest.
    const partial = mkdtempSync(path.join(os.tmpdir(), "termvest-migrations-"));
    const client = await PGlite.create();
    try {
      cpSync(migrationsDir, partial, { recursive: true });
      const journalFile = path.join(partial, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
      const cut = journal.entries.findIndex((entry) => entry.tag === "0017_posting_balance_after");
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      const old = drizzle({ client });
      await migrate(old, { migrationsFolder: partial });
      await old.execute(sql`insert into "user" (id, name, email) values ('old-1', 'Old Timer', 'old@example.com'), ('old-2', 'Other', 'other@example.com')`);
      const post = (id: string, key: string, accounts: string[], amounts: number[]) =>
        old.execute(sql`select post_journal(${id}, ${key}, 'deposit', 'old-1', null, ${`{${accounts.join(",")}}`}::text[], ${`{${amounts.join(",")}}`}::bigint[])`);
      await post("01000000-0000-7000-8000-000000000001", "k1", ["u:old-1:available", "p:deposits"], [5_000, -5_000]);
      await post("01000000-0000-7000-8000-000000000002", "k2", ["u:old-1:available", "u:old-1:invested"], [-2_000, 2_000]);
      await post("01000000-0000-7000-8000-000000000003", "k3", ["u:old-1:available", "p:deposits"], [700, -700]);

      await migrate(old, { migrationsFolder: migrationsDir });
      const rows = await old.execute<{ account_id: string; after: string | null }>(
        sql`select account_id, balance_after_cents::text as after from posting order by journal_id, account_id`,
      );
      expect(rows.rows.map((row) => [row.account_id, row.after])).toEqual([
        ["p:deposits", null],
        ["u:old-1:available", "5000"],
        ["u:old-1:available", "3000"],
        ["u:old-1:invested", "2000"],
        ["p:deposits", null],
        ["u:old-1:available", "3700"],
      ]);
      expect(await verifyLedger(old)).toEqual([]);
      // Still append-only once the fill is done.
      await expect(old.execute(sql`update posting set balance_after_cents = 0`)).rejects.toThrow();
    } finally {
      await client.close();
      rmSync(partial, { recursive: true, force: true });
    }
  });
});
