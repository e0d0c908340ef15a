import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deposit as depositTable } from "#server/db/schema.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
import { summarize } from "#server/services/ledger/summary.js";
import { VersionedMemo } from "#server/services/ledger/versioned-memo.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";
import { insertUser } from "./helpers/users.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const deposit = (userId: string, cents: bigint, n: number) =>
  postJournal(database.handle.db, {
    idempotencyKey: `summary:${userId}:${n}`,
    kind: "deposit",
    userId,
    postings: [
      { account: platformAccount("deposits"), amountCents: -cents },
      { account: userAccount(userId, "available"), amountCents: cents },
    ],
  });

/** How many times the summary summed a user's history (and remembered it) while `run` ran. */
async function historySums(run: () => Promise<unknown>): Promise<number> {
  const remembered = vi.spyOn(VersionedMemo.prototype, "set");
  try {
    await run();
    return remembered.mock.calls.length;
  } finally {
    remembered.mockRestore();
  }
}

describe("the summary", () => {
  it("sums a user's history once between journals, and again after each journal, with every figure true", async () => {
    const { id } = await insertUser(database.handle.db);
    for (let n = 0; n < 5; n++) await deposit(id, 1_000n, n);

    expect(await historySums(() => summarize(database.handle.db, id))).toBe(1);
    let answer = await summarize(database.handle.db, id);
    expect(answer).toMatchObject({ mainBalanceCents: 5_000, totalTransactionCents: 5_000, totalBalanceCents: 5_000 });
    expect(await historySums(() => summarize(database.handle.db, id))).toBe(0);

    // Any journal on the user's accounts changes their row's version: the remembered flows are not used.
    await deposit(id, 250n, 5);
    expect(await historySums(async () => (answer = await summarize(database.handle.db, id)))).toBe(1);
    expect(answer).toMatchObject({ mainBalanceCents: 5_250, totalTransactionCents: 5_250 });
  });

  it("forgets what it remembered once that is ten minutes old", async () => {
    const { id } = await insertUser(database.handle.db);
    await deposit(id, 700n, 0);
    const now = Date.now();
    expect(await historySums(() => summarize(database.handle.db, id, now))).toBe(1);
    expect(await historySums(() => summarize(database.handle.db, id, now + 60_000))).toBe(0);
    expect(await historySums(() => summarize(database.handle.db, id, now + 10 * 60_000))).toBe(1);
  });

  it("reads pending deposits fresh every time, beside the figures and never in them", async () => {
    const { id } = await insertUser(database.handle.db);
    await deposit(id, 300n, 0);
    expect(await summarize(database.handle.db, id)).toMatchObject({ mainBalanceCents: 300, pendingDepositsCents: 0 });
    await database.handle.db.insert(depositTable).values({
      id: `summary-pending-${id}`,
      userId: id,
      method: "bank",
      amountCents: 4_200n,
      reference: `SP-${id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await summarize(database.handle.db, id)).toMatchObject({ mainBalanceCents: 300, totalTransactionCents: 300, pendingDepositsCents: 4_200, totalBalanceCents: 300 });
  });
});
