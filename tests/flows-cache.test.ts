import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { driverClientOf } from "#server/db/driver-client.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { deposit as depositTable } from "#server/db/schema.js";
import { summarize } from "#server/services/ledger/balances.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
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
    idempotencyKey: `flows-cache:${userId}:${n}`,
    kind: "deposit",
    userId,
    postings: [
      { account: platformAccount("deposits"), amountCents: -cents },
      { account: userAccount(userId, "available"), amountCents: cents },
    ],
  });

/** How many statements sum a user's history (the flows), while `run` runs. */
async function historyReads(run: () => Promise<unknown>): Promise<number> {
  const query = vi.spyOn(driverClientOf(database.handle.db).client, "query");
  try {
    await run();
    return query.mock.calls.filter(([first]) => /from posting o/.test(typeof first === "string" ? first : (first as { text: string }).text)).length;
  } finally {
    query.mockRestore();
  }
}

describe("the summary's flows, remembered between journals", () => {
  it("are summed once for many callers at the same moment, and again after a journal, with every figure true", async () => {
    const { id } = await insertUser(database.handle.db);
    for (let n = 0; n < 5; n++) await deposit(id, 1_000n, n);

    let answers: Awaited<ReturnType<typeof summarize>>[] = [];
    expect(await historyReads(async () => (answers = await Promise.all(Array.from({ length: 20 }, () => summarize(database.handle.db, id)))))).toBe(1);
    for (const answer of answers) expect(answer).toMatchObject({ mainBalanceCents: 5_000, totalTransactionCents: 5_000 });

    expect(await historyReads(() => summarize(database.handle.db, id))).toBe(0);

    await deposit(id, 250n, 5);
    expect(await historyReads(async () => (answers = await Promise.all([1, 2, 3].map(() => summarize(database.handle.db, id)))))).toBe(1);
    for (const answer of answers) expect(answer).toMatchObject({ mainBalanceCents: 5_250, totalTransactionCents: 5_250 });
  });

  it("gives each of several users summarized in the same moment their own figures, from one statement", async () => {
    const [ada, ben, cleo] = await Promise.all([1, 2, 3].map(() => insertUser(database.handle.db)));
    await deposit(ada!.id, 700n, 0);
    await deposit(ben!.id, 300n, 0);
    await database.handle.db.insert(depositTable).values({
      id: `flows-cache-pending-${ben!.id}`,
      userId: ben!.id,
      method: "bank",
      amountCents: 4_200n,
      reference: `FC-${ben!.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const query = vi.spyOn(driverClientOf(database.handle.db).client, "query");
    let answers: Awaited<ReturnType<typeof summarize>>[];
    try {
      answers = await Promise.all([ada, ben, cleo, ada].map((user) => summarize(database.handle.db, user!.id)));
      const ownReads = query.mock.calls.filter(([first]) => /from deposit where user_id = any/.test(typeof first === "string" ? first : (first as { text: string }).text));
      expect(ownReads).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
    expect(answers.map((a) => [a.mainBalanceCents, a.totalTransactionCents, a.pendingDepositsCents])).toEqual([
      [700, 700, 0],
      [300, 300, 4_200],
      [0, 0, 0],
      [700, 700, 0],
    ]);
  });
});
