import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { summarize } from "#server/services/ledger/summary.js";
import { postJournal } from "#server/services/ledger/post-journal.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { ACCOUNT_SLICES, CHECK_OVERLAP_MS, nextLedgerScope } from "#server/services/ledger/run-ledger-check.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./helpers/database.js";
import { insertUser } from "./helpers/users.js";

let database: TestDatabase;
const db = () => database.handle.db;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

const credit = (userId: string, cents: bigint, key: string) =>
  postJournal(db(), {
    idempotencyKey: key,
    kind: "deposit",
    userId,
    postings: [
      { account: userAccount(userId, "available"), amountCents: cents },
      { account: platformAccount("deposits"), amountCents: -cents },
    ],
  });

describe("postJournal", () => {
  it("moves money, keeps balances equal to postings and reports a replayed key", async () => {
    const { id } = await insertUser(db());
    const first = await credit(id, 12_345n, `t:${id}:1`);
    const again = await credit(id, 12_345n, `t:${id}:1`);
    expect(first.created).toBe(true);
    expect(again).toEqual({ journalId: first.journalId, created: false });
    expect((await summarize(db(), id)).mainBalanceCents).toBe(12_345);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("refuses to take a user account below zero and leaves nothing behind", async () => {
    const { id } = await insertUser(db());
    await credit(id, 1_000n, `t:${id}:in`);
    const overdraw = postJournal(db(), {
      idempotencyKey: `t:${id}:out`,
      kind: "payout_request",
      userId: id,
      postings: [
        { account: userAccount(id, "available"), amountCents: -1_001n },
        { account: userAccount(id, "payout_hold"), amountCents: 1_001n },
      ],
    });
    await expect(overdraw).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await summarize(db(), id)).mainBalanceCents).toBe(1_000);
    // The refused key was not used up: the journal did not happen.
    const retry = await postJournal(db(), {
      idempotencyKey: `t:${id}:out`,
      kind: "payout_request",
      userId: id,
      postings: [
        { account: userAccount(id, "available"), amountCents: -1_000n },
        { account: userAccount(id, "payout_hold"), amountCents: 1_000n },
      ],
    });
    expect(retry.created).toBe(true);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it.each([
    ["postings that do not sum to zero", [5n, -4n]],
    ["a zero posting", [0n, 0n]],
    ["a single posting", [5n]],
  ])("refuses %s", async (_label, amounts) => {
    const { id } = await insertUser(db());
    const accounts = [userAccount(id, "available"), platformAccount("deposits")];
    const attempt = postJournal(db(), {
      idempotencyKey: `t:${id}:bad`,
      kind: "adjustment",
      userId: id,
      postings: amounts.map((amountCents, index) => ({ account: accounts[index]!, amountCents })),
    });
    await expect(attempt).rejects.toThrow(/journal|posting/);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe("the ledger's guards", () => {
  it("refuses a journal that names one account twice", async () => {
    const { id } = await insertUser(db());
    await credit(id, 1_000n, `t:${id}:in`);
    const twice = postJournal(db(), {
      idempotencyKey: `t:${id}:twice`,
      kind: "adjustment",
      userId: id,
      postings: [
        { account: userAccount(id, "available"), amountCents: -500n },
        { account: userAccount(id, "available"), amountCents: 500n },
      ],
    });
    await expect(twice).rejects.toThrow(/appears twice/);
  });

  it("refuses, in SQL, a journal for a user that moves none of their accounts, an unknown account and a missing id", async () => {
    const { id } = await insertUser(db());
    await credit(id, 1_000n, `t:${id}:in`);
    const call = (key: string, userId: string, ids: string[], amounts = "{-5,5}", journalId: string | null = timeOrderedUuid()) =>
      db().execute(sql`select post_journal(${journalId}, ${key}, 'adjustment', ${userId}, null,
        ${`{${ids.join(",")}}`}::text[], ${amounts}::bigint[])`);
    const available = userAccount(id, "available").id;
    const invested = userAccount(id, "invested").id;
    await expect(call(`t:${id}:ghost`, "no-such-user", [available, invested])).rejects.toMatchObject({ cause: { code: "TV002" } });
    await expect(call(`t:${id}:nobody`, "no-such-user", [available, "u:no-such-user:available"])).rejects.toMatchObject({
      cause: { code: "TV002", message: expect.stringMatching(/unknown account u:no-such-user:available/) },
    });
    await expect(call(`t:${id}:noid`, id, [available, invested], "{-5,5}", null)).rejects.toMatchObject({ cause: { code: "TV002" } });
    // The order the caller names the accounts in does not matter: the database locks them by id.
    await call(`t:${id}:reversed`, id, [invested, available], "{5,-5}");
    expect((await summarize(db(), id)).mainBalanceCents).toBe(995);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("gives every user their three accounts when the user is created, and never lets an account's identity change", async () => {
    const { id } = await insertUser(db());
    const rows = (await db().execute(sql`select id, balance_cents::text as balance from ledger_account where user_id = ${id} order by id`)) as unknown as {
      rows: Array<{ id: string; balance: string }>;
    };
    expect(rows.rows).toEqual(
      (["available", "invested", "payout_hold"] as const).map((kind) => ({ id: userAccount(id, kind).id, balance: "0" })),
    );
    for (const statement of [
      sql`update ledger_account set kind = 'invested' where id = ${userAccount(id, "available").id}`,
      sql`update ledger_account set user_id = null where id = ${userAccount(id, "available").id}`,
      sql`update ledger_account set id = 'u:x:available' where id = ${userAccount(id, "available").id}`,
    ]) {
      await expect(db().execute(statement)).rejects.toMatchObject({ cause: { code: "TV003" } });
    }
  });

  it("names the account that is short", async () => {
    const { id } = await insertUser(db());
    await credit(id, 100n, `t:${id}:in`);
    const short = postJournal(db(), {
      idempotencyKey: `t:${id}:short`,
      kind: "investment",
      userId: id,
      postings: [
        { account: userAccount(id, "invested"), amountCents: 101n },
        { account: userAccount(id, "available"), amountCents: -101n },
      ],
    });
    await expect(short).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const direct = db().execute(sql`select post_journal(${timeOrderedUuid()}, ${`t:${id}:short2`}, 'investment', ${id}, null,
      ${`{${userAccount(id, "available").id},${userAccount(id, "invested").id}}`}::text[], '{-101,101}'::bigint[])`);
    await expect(direct).rejects.toMatchObject({ cause: { code: "TV001", message: expect.stringMatching(/insufficient funds in u:.*:available/) } });
    expect((await summarize(db(), id)).mainBalanceCents).toBe(100);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("is append-only: journals and postings cannot change or vanish, accounts cannot be deleted", async () => {
    const { id } = await insertUser(db());
    const posted = await credit(id, 2_000n, `t:${id}:kept`);
    for (const statement of [
      sql`update posting set amount_cents = amount_cents * 2 where journal_id = ${posted.journalId}`,
      sql`delete from posting where journal_id = ${posted.journalId}`,
      sql`update journal set kind = 'transfer' where id = ${posted.journalId}`,
      sql`delete from journal where id = ${posted.journalId}`,
      sql`delete from ledger_account where user_id = ${id}`,
      sql`truncate posting`,
    ]) {
      await expect(db().execute(statement)).rejects.toMatchObject({ cause: { code: "TV003" } });
    }
    expect((await summarize(db(), id)).mainBalanceCents).toBe(2_000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("checks an account when it is created: known kind, the id its owner and kind imply, a balance only for users", async () => {
    const { id } = await insertUser(db());
    for (const statement of [
      sql`insert into ledger_account (id, user_id, kind) values (${`u:${id}:bonus`}, ${id}, 'bonus')`,
      sql`insert into ledger_account (id, user_id, kind) values (${`u:${id}:available`}, ${id}, 'invested')`,
      sql`insert into ledger_account (id, user_id, kind) values ('u:nobody:available', null, 'available')`,
      sql`insert into ledger_account (id, user_id, kind, balance_cents) values ('p:fees', null, 'deposits', null)`,
      sql`insert into ledger_account (id, user_id, kind, balance_cents) values ('p:deposits2', null, 'deposits', 0)`,
    ]) {
      await expect(db().execute(statement)).rejects.toMatchObject({ cause: { code: "TV002" } });
    }
    // And a user account can never be taken below zero, whatever code tries.
    await credit(id, 100n, `t:${id}:floor`);
    await expect(db().execute(sql`update ledger_account set balance_cents = -1 where id = ${userAccount(id, "available").id}`)).rejects.toMatchObject({
      cause: { code: "23514" },
    });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("verifyLedger reports a journal that moves platform money for someone other than its user", async () => {
    // A database of its own: the journal it posts can never be removed.
    const scratch = await createTestDatabase();
    try {
      const [named, credited] = [await insertUser(scratch.handle.db), await insertUser(scratch.handle.db)];
      const deposit = (key: string, owner: string) =>
        postJournal(scratch.handle.db, {
          idempotencyKey: key,
          kind: "deposit",
          userId: named.id,
          postings: [
            { account: userAccount(owner, "available"), amountCents: 100n },
            { account: platformAccount("deposits"), amountCents: -100n },
          ],
        });
      await deposit(`t:${named.id}:own`, named.id);
      expect(await verifyLedger(scratch.handle.db)).toEqual([]);
      // post_journal refuses it (a journal for a user must move one of their accounts)...
      await expect(deposit(`t:${named.id}:stray`, credited.id)).rejects.toThrow(/must move one of their accounts/);
      expect(await verifyLedger(scratch.handle.db)).toEqual([]);
      // ...so write it the way only a bug or a hand-written statement could.
      const stray = timeOrderedUuid();
      const account = userAccount(credited.id, "available").id;
      await scratch.handle.db.execute(sql`with j as (
          insert into journal (id, idempotency_key, kind, user_id) values (${stray}, ${`t:${named.id}:stray`}, 'deposit', ${named.id})
        ), p as (
          insert into posting (journal_id, account_id, amount_cents, balance_after_cents)
          values (${stray}, ${account}, 100, (select balance_cents + 100 from ledger_account where id = ${account})), (${stray}, 'p:deposits', -100, null)
        )
        update ledger_account set balance_cents = balance_cents + 100 where id = ${account}`);
      expect(await verifyLedger(scratch.handle.db)).toEqual([expect.stringContaining(`journal ${stray} moves platform money`)]);
    } finally {
      await scratch.dispose();
    }
  });

  it("verifyLedger reports a posting whose journal or account is missing, one that moves nothing, and one dated apart from its journal", async () => {
    // A database of its own: the broken rows it writes can never be removed.
    const scratch = await createTestDatabase();
    try {
      const { id } = await insertUser(scratch.handle.db);
      const posted = await postJournal(scratch.handle.db, {
        idempotencyKey: `t:${id}:in`,
        kind: "deposit",
        userId: id,
        postings: [
          { account: userAccount(id, "available"), amountCents: 100n },
          { account: platformAccount("deposits"), amountCents: -100n },
        ],
      });
      expect(await verifyLedger(scratch.handle.db)).toEqual([]);
      // A journal names an account once: the posting's key is (account, journal).
      await expect(
        scratch.handle.db.execute(sql`insert into posting (journal_id, account_id, amount_cents) values (${posted.journalId}, ${userAccount(id, "available").id}, 1)`),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      await scratch.handle.db.execute(sql`insert into posting (journal_id, account_id, amount_cents)
        values (${posted.journalId}, 'u:ghost:available', 7), (${posted.journalId}, 'p:payouts', -7),
               ('no-such-journal', 'p:deposits', 1), ('no-such-journal', 'p:interest', -1),
               (${posted.journalId}, ${userAccount(id, "invested").id}, 0)`);
      const problems = await verifyLedger(scratch.handle.db);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/missing account u:ghost:available/),
          expect.stringMatching(/missing journal no-such-journal/),
          `posting ${posted.journalId}/${userAccount(id, "invested").id} moves nothing`,
        ]),
      );
      // The history reads postings by their own date, which must be their journal's (decision 0045).
      const late = timeOrderedUuid();
      await scratch.handle.db.execute(sql`with j as (
          insert into journal (id, idempotency_key, kind) values (${late}, ${`t:${id}:late`}, 'transfer')
        )
        insert into posting (journal_id, account_id, amount_cents, created_at)
        values (${late}, 'p:deposits', 5, now() - interval '1 day'), (${late}, 'p:payouts', -5, now())`);
      expect(await verifyLedger(scratch.handle.db)).toContain(`posting ${late}/p:deposits is not dated as its journal`);
    } finally {
      await scratch.dispose();
    }
  });
});

describe("the periodic ledger check (decision 0063)", () => {
  it("reads what was written since its start and the accounts of its slice, and a full check reads everything", async () => {
    // A database of its own: the broken balances it writes can never be removed.
    const scratch = await createTestDatabase();
    try {
      const db = scratch.handle.db;
      const old = await insertUser(db);
      const recent = await insertUser(db);
      const deposit = (id: string, key: string) =>
        postJournal(db, { idempotencyKey: key, kind: "deposit", userId: id, postings: [{ account: userAccount(id, "available"), amountCents: 500n }, { account: platformAccount("deposits"), amountCents: -500n }] });
      await deposit(old.id, `t:${old.id}:old`);
      // Last week's postings, as if the checks since then had found them sound.
      await db.execute(sql`alter table posting disable trigger posting_append_only`);
      await db.execute(sql`alter table journal disable trigger journal_append_only`);
      await db.execute(sql`update posting set created_at = created_at - interval '7 days' where account_id like ${`u:${old.id}:%`} or journal_id in (select journal_id from posting where account_id like ${`u:${old.id}:%`})`);
      await db.execute(sql`update journal set created_at = created_at - interval '7 days' where user_id = ${old.id}`);
      await db.execute(sql`alter table posting enable trigger posting_append_only`);
      await db.execute(sql`alter table journal enable trigger journal_append_only`);
      await deposit(recent.id, `t:${recent.id}:new`);
      const since = new Date(Date.now() - 86_400_000);
      expect(await verifyLedger(db, { since })).toEqual([]);

      // A balance edited without a posting, on each account: the check of the last day sees the
      // account that was posted to since; the other only in its slice, or in a full check.
      await db.execute(sql`update ledger_account set balance_cents = balance_cents + 1 where id in (${userAccount(old.id, "available").id}, ${userAccount(recent.id, "available").id})`);
      const heldApart = `account ${userAccount(old.id, "available").id} holds 501 but its postings sum to 500`;
      const touched = `account ${userAccount(recent.id, "available").id} holds 501 but its postings sum to 500`;
      const lastDay = await verifyLedger(db, { since });
      expect(lastDay).toContain(touched);
      expect(lastDay).not.toContain(heldApart);
      const slotOf = sql`select abs(hashtext(${userAccount(old.id, "available").id})) % 144 as slot`;
      const slot = Number(((await db.execute(slotOf)) as unknown as { rows: Array<{ slot: number }> }).rows[0]!.slot);
      expect(await verifyLedger(db, { since, slice: { index: slot, of: 144 } })).toContain(heldApart);
      expect(await verifyLedger(db)).toEqual(expect.arrayContaining([touched, heldApart]));
    } finally {
      await scratch.dispose();
    }
  });

  it("continues from an hour before the last clean check, and after one that found problems reads everything", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    const checkedAt = new Date("2026-11-28T09:50:00Z");
    expect(nextLedgerScope(null, now)).toBeUndefined();
    expect(nextLedgerScope({ checkedAt, problemCount: 2 }, now)).toBeUndefined();
    const scope = nextLedgerScope({ checkedAt, problemCount: 0 }, now);
    expect(scope?.since).toEqual(new Date(checkedAt.getTime() - CHECK_OVERLAP_MS));
    expect(scope?.slice).toEqual({ index: Math.floor(now.getTime() / 600_000) % ACCOUNT_SLICES, of: ACCOUNT_SLICES });
  });
});

type Op =
  | { type: "deposit"; user: number; cents: number }
  | { type: "invest"; user: number; cents: number }
  | { type: "mature"; user: number; cents: number; profit: number }
  | { type: "payout"; user: number; cents: number }
  | { type: "settlePayout"; user: number; cents: number; paid: boolean }
  | { type: "transfer"; user: number; to: number; cents: number };

const cents = fc.integer({ min: 1, max: 5_000_000 });
const who = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant("deposit" as const), user: who, cents }),
  fc.record({ type: fc.constant("invest" as const), user: who, cents }),
  fc.record({ type: fc.constant("mature" as const), user: who, cents, profit: fc.integer({ min: 0, max: 100_000 }) }),
  fc.record({ type: fc.constant("payout" as const), user: who, cents }),
  fc.record({ type: fc.constant("settlePayout" as const), user: who, cents, paid: fc.boolean() }),
  fc.record({ type: fc.constant("transfer" as const), user: who, to: who, cents }),
);

describe("ledger invariants under random operations", () => {
  it("keep journals balanced, user accounts non-negative and the six figures equal to the postings", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const users = [await insertUser(db()), await insertUser(db()), await insertUser(db())].map((row) => row.id);
        // A model of what each figure should be, kept beside the ledger.
        const model = users.map(() => ({ available: 0n, invested: 0n, hold: 0n, interest: 0n, paid: 0n, deposited: 0n }));
        for (const [index, step] of ops.entries()) {
          const id = users[step.user]!;
          const m = model[step.user]!;
          const amount = BigInt(step.cents);
          const key = `prop:${run}:${index}`;
          const postings = (() => {
            switch (step.type) {
              case "deposit":
                return { kind: "deposit" as const, changes: { available: amount, deposited: amount }, postings: [[userAccount(id, "available"), amount], [platformAccount("deposits"), -amount]] as const };
              case "invest":
                return { kind: "investment" as const, changes: { available: -amount, invested: amount }, postings: [[userAccount(id, "available"), -amount], [userAccount(id, "invested"), amount]] as const };
              case "mature": {
                const profit = BigInt(step.profit);
                const legs: Array<readonly [ReturnType<typeof userAccount>, bigint]> = [[userAccount(id, "invested"), -amount], [userAccount(id, "available"), amount + profit]];
                if (profit > 0n) legs.push([platformAccount("interest"), -profit]);
                return { kind: "maturity" as const, changes: { invested: -amount, available: amount + profit, interest: profit }, postings: legs };
              }
              case "payout":
                return { kind: "payout_request" as const, changes: { available: -amount, hold: amount }, postings: [[userAccount(id, "available"), -amount], [userAccount(id, "payout_hold"), amount]] as const };
              case "settlePayout":
                return step.paid
                  ? { kind: "payout_paid" as const, changes: { hold: -amount, paid: amount }, postings: [[userAccount(id, "payout_hold"), -amount], [platformAccount("payouts"), amount]] as const }
                  : { kind: "payout_rejected" as const, changes: { hold: -amount, available: amount }, postings: [[userAccount(id, "payout_hold"), -amount], [userAccount(id, "available"), amount]] as const };
              case "transfer": {
                const to = users[step.to]!;
                if (to === id) return null;
                return { kind: "transfer" as const, changes: { available: -amount }, to: step.to, postings: [[userAccount(id, "available"), -amount], [userAccount(to, "available"), amount]] as const };
              }
            }
          })();
          if (!postings) continue;
          const next = { ...m };
          for (const [field, delta] of Object.entries(postings.changes)) next[field as keyof typeof m] += delta;
          const wouldOverdraw = next.available < 0n || next.invested < 0n || next.hold < 0n;
          const attempt = postJournal(db(), {
            idempotencyKey: key,
            kind: postings.kind,
            userId: id,
            postings: postings.postings.map(([account, amountCents]) => ({ account, amountCents })),
          });
          if (wouldOverdraw) {
            await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
            continue;
          }
          await attempt;
          Object.assign(m, next);
          if ("to" in postings && postings.to !== undefined) model[postings.to]!.available += amount;
        }
        for (const [index, id] of users.entries()) {
          const m = model[index]!;
          expect(await summarize(db(), id)).toEqual({
            mainBalanceCents: Number(m.available),
            interestBalanceCents: Number(m.interest),
            totalInvestCents: Number(m.invested),
            totalPayoutCents: Number(m.paid),
            totalTransactionCents: Number(m.deposited),
            totalBalanceCents: Number(m.available + m.invested + m.hold),
            pendingDepositsCents: 0,
            pendingWithdrawalsCents: Number(m.hold),
          });
        }
        expect(await verifyLedger(db())).toEqual([]);
      }),
      { numRuns: testDatabaseUrl ? 25 : 40 },
    );
  });
});

describe.runIf(testDatabaseUrl)("ledger under concurrency (PostgreSQL)", () => {
  it("locks a journal's accounts in ascending id order, whatever order the caller names them in", async () => {
    const { id } = await insertUser(db());
    await credit(id, 1_000n, `t:${id}:funds`);
    const available = userAccount(id, "available");
    const invested = userAccount(id, "invested");
    const rows = async (query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    // Another transaction holds the higher of the two accounts (available < invested).
    let release!: () => void;
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from ledger_account where id = ${invested.id} for update`);
      taken();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    // The journal names invested first; it must still lock available first, then wait for invested.
    const journal = postJournal(db(), {
      idempotencyKey: `t:${id}:ordered`,
      kind: "maturity",
      userId: id,
      postings: [
        { account: invested, amountCents: 5n },
        { account: available, amountCents: -5n },
      ],
    });
    for (let tries = 0; ; tries++) {
      const waiting = await rows(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%post_journal(%'`);
      if (waiting[0]?.n === 1) break;
      if (tries > 200) throw new Error("the journal never waited for the held account");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const probe = db().transaction((tx) => tx.execute(sql`select 1 from ledger_account where id = ${available.id} for update nowait`));
    await expect(probe).rejects.toMatchObject({ cause: { code: "55P03" } });
    release();
    await holder;
    expect((await journal).created).toBe(true);
    expect((await summarize(db(), id)).mainBalanceCents).toBe(995);
  });

  it("posts one journal when 50 clients send the same key at once", async () => {
    const { id } = await insertUser(db());
    const results = await Promise.all(Array.from({ length: 50 }, () => credit(id, 500n, `t:${id}:same`)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.journalId)).size).toBe(1);
    expect((await summarize(db(), id)).mainBalanceCents).toBe(500);
  });

  it("never overdraws when 50 concurrent debits ask for more than the balance", async () => {
    const { id } = await insertUser(db());
    await credit(id, 10_000n, `t:${id}:funds`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        postJournal(db(), {
          idempotencyKey: `t:${id}:debit:${index}`,
          kind: "payout_request",
          userId: id,
          postings: [
            { account: userAccount(id, "available"), amountCents: -700n },
            { account: userAccount(id, "payout_hold"), amountCents: 700n },
          ],
        }),
      ),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === "fulfilled").length;
    expect(accepted).toBe(14); // 14 × 700 = 9,800 ≤ 10,000 < 15 × 700
    const summary = await summarize(db(), id);
    expect(summary.mainBalanceCents).toBe(10_000 - accepted * 700);
    expect(summary.totalBalanceCents).toBe(10_000);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
