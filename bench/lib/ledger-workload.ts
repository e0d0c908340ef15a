/**
 * The ledger benchmark's workload: seed users, generate journals of each shape, post them through
 * the real postJournal with N concurrent workers, and check afterwards that nothing was lost or
 * doubled.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { platformAccount, userAccount, type LedgerAccountRef, type UserAccountKind } from "#server/services/ledger/accounts.js";
import { postJournal, type JournalInput, type JournalKind } from "#server/services/ledger/post-journal.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";

export type Shape = "spread" | "hot";

/** What every user account holds after seeding: $1,000,000.00, far beyond what a run can move. */
export const SEED_CENTS_PER_ACCOUNT = 100_000_000n;
/** The largest amount one benchmark journal moves. */
export const MAX_JOURNAL_CENTS = 999;
const USER_KINDS: UserAccountKind[] = ["available", "invested", "payout_hold"];

/** Small, fast, seedable PRNG (mulberry32), so that runs are reproducible per worker. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Population {
  /** The users of the spread shape. */
  spread: string[];
  /** The one user every hot journal touches. */
  hot: string;
}

/** Inserts users the way tests/helpers/users.ts does (a bare `user` row each), in batches. */
export async function insertUsers(db: Database, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  const rows = Array.from({ length: count }, (_, index) => {
    const id = randomUUID();
    ids.push(id);
    return { id, name: `Bench ${label} ${index + 1}`, email: `${id}@example.com`, role: "user" };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(user).values(rows.slice(start, start + 500));
  return ids;
}

/**
 * One deposit journal per user funding all three of the user's accounts (available, invested,
 * payout_hold) from p:deposits, so that a spread journal can move money out of any of them.
 */
export function seedJournal(key: string, userId: string): JournalInput {
  return {
    idempotencyKey: key,
    kind: "deposit",
    userId,
    reference: "bench seed",
    postings: [
      ...USER_KINDS.map((kind) => ({ account: userAccount(userId, kind), amountCents: SEED_CENTS_PER_ACCOUNT })),
      { account: platformAccount("deposits"), amountCents: -SEED_CENTS_PER_ACCOUNT * BigInt(USER_KINDS.length) },
    ],
  };
}

/** The four ways money moves between a user's own accounts, named after the business event. */
const SPREAD_MOVES: Array<{ kind: JournalKind; from: UserAccountKind; to: UserAccountKind }> = [
  { kind: "investment", from: "available", to: "invested" },
  { kind: "maturity", from: "invested", to: "available" },
  { kind: "payout_request", from: "available", to: "payout_hold" },
  { kind: "payout_rejected", from: "payout_hold", to: "available" },
];

/**
 * spread: a random move between two accounts of a random user out of the population (1,000 users),
 * 1–999 cents; hot: a deposit of 1–999 cents from p:deposits to the one hot user's available balance,
 * so every journal locks the same two rows.
 */
export function makeJournal(shape: Shape, population: Population, key: string, random: () => number): JournalInput {
  const cents = BigInt(1 + Math.floor(random() * MAX_JOURNAL_CENTS));
  if (shape === "hot") {
    return {
      idempotencyKey: key,
      kind: "deposit",
      userId: population.hot,
      reference: "bench hot",
      postings: [
        { account: accountsOf(population.hot).available, amountCents: cents },
        { account: DEPOSITS, amountCents: -cents },
      ],
    };
  }
  const userId = population.spread[Math.floor(random() * population.spread.length)]!;
  const move = SPREAD_MOVES[Math.floor(random() * SPREAD_MOVES.length)]!;
  const accounts = accountsOf(userId);
  return {
    idempotencyKey: key,
    kind: move.kind,
    userId,
    reference: "bench spread",
    postings: [
      { account: accounts[move.from], amountCents: -cents },
      { account: accounts[move.to], amountCents: cents },
    ],
  };
}

const DEPOSITS = platformAccount("deposits");
/** Each user's account references, built once: the workers should spend their time posting, not building ids. */
const accountCache = new Map<string, Record<UserAccountKind, LedgerAccountRef>>();
function accountsOf(userId: string): Record<UserAccountKind, LedgerAccountRef> {
  let accounts = accountCache.get(userId);
  if (!accounts) {
    accounts = { available: userAccount(userId, "available"), invested: userAccount(userId, "invested"), payout_hold: userAccount(userId, "payout_hold") };
    accountCache.set(userId, accounts);
  }
  return accounts;
}

export interface RunResult {
  /** Journals the workers saw committed (postJournal returned created: true and COMMIT succeeded). */
  succeeded: number;
  /** Postings of the successful journals. */
  postings: number;
  /** postJournal returned created: false: a key posted before, which must never happen here. */
  replayed: number;
  failed: number;
  firstError?: string;
  seconds: number;
  /** Per successful journal, ms from postJournal() called to resolved (pool checkout included). */
  latenciesMs: Float64Array;
  /** What the successful journals moved, per account id. */
  deltas: Map<string, bigint>;
  /** True when the run stopped before posting `count` journals (time cap or interrupt). */
  cut: boolean;
}

export interface RunOptions {
  db: Database;
  clients: number;
  count: number;
  /** Idempotency keys are `${keyPrefix}${index}`. */
  keyPrefix: string;
  journal: (key: string, random: () => number) => JournalInput;
  seed: number;
  maxSeconds: number;
  stopped: () => boolean;
}

function addDelta(deltas: Map<string, bigint>, account: LedgerAccountRef, amount: bigint) {
  deltas.set(account.id, (deltas.get(account.id) ?? 0n) + amount);
}

/**
 * `clients` workers, each looping: take the next index, post that journal in its own transaction
 * (`postJournal(db, input)`: one atomic statement, committed and flushed before it returns), until `count` were attempted.
 */
export async function runWorkers(options: RunOptions): Promise<RunResult> {
  const { db, clients, count, keyPrefix } = options;
  const latencies = new Float64Array(count);
  const deltas = new Map<string, bigint>();
  const committed: JournalInput[] = [];
  let next = 0;
  let succeeded = 0;
  let postings = 0;
  let replayed = 0;
  let failed = 0;
  let firstError: string | undefined;
  let cut = false;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;

  const worker = async (workerIndex: number) => {
    const random = rng(options.seed * 1_000 + workerIndex);
    for (;;) {
      if (options.stopped() || performance.now() > deadline) {
        if (next < count) cut = true;
        return;
      }
      const index = next++;
      if (index >= count) return;
      const input = options.journal(`${keyPrefix}${index}`, random);
      const t0 = performance.now();
      try {
        // post_journal is one atomic, durable statement: a journal on its own needs no BEGIN/COMMIT round trips.
        const result = await postJournal(db, input);
        const ms = performance.now() - t0;
        if (!result.created) {
          replayed++;
          continue;
        }
        latencies[succeeded++] = ms;
        // Tallied after the run, so that the measured loop does only what a caller of postJournal does.
        committed.push(input);
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };

  await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  for (const input of committed) {
    postings += input.postings.length;
    for (const posting of input.postings) addDelta(deltas, posting.account, posting.amountCents);
  }
  return { succeeded, postings, replayed, failed, firstError, seconds, latenciesMs: latencies.slice(0, succeeded), deltas, cut };
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

type Rows<T> = { rows: T[] };

export async function balances(db: Database): Promise<Map<string, bigint>> {
  // ledger_balance: user accounts' kept balances, platform accounts' sums of postings.
  const result = (await db.execute(sql`select id, balance_cents::text as balance from ledger_balance`)) as unknown as Rows<{ id: string; balance: string }>;
  return new Map(result.rows.map((row) => [row.id, BigInt(row.balance)]));
}

export interface PhaseCheck {
  keyPrefix: string;
  result: RunResult;
}

/**
 * Everything that must hold after a case: the journals under each phase's key prefix number exactly
 * the successes the workers saw, each with all its postings; every account moved by exactly what the
 * successful journals moved (nothing lost, nothing doubled); verifyLedger finds nothing; all
 * balances still sum to zero. Returns the problems found.
 */
export async function verifyCase(db: Database, before: Map<string, bigint>, phases: PhaseCheck[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { keyPrefix, result } of phases) {
    const counted = (await db.execute(sql`
      select count(distinct j.id)::int as journals, count(p.journal_id)::int as postings
      from journal j left join posting p on p.journal_id = j.id
      where starts_with(j.idempotency_key, ${keyPrefix})`)) as unknown as Rows<{ journals: number; postings: number }>;
    const row = counted.rows[0] ?? { journals: -1, postings: -1 };
    if (Number(row.journals) !== result.succeeded) {
      problems.push(`${keyPrefix}*: ${row.journals} journals in the database, ${result.succeeded} reported successful`);
    }
    if (Number(row.postings) !== result.postings) {
      problems.push(`${keyPrefix}*: ${row.postings} postings in the database, expected ${result.postings}`);
    }
    if (result.replayed) problems.push(`${keyPrefix}*: ${result.replayed} fresh keys were reported as replays`);
  }

  const expected = new Map(before);
  for (const { result } of phases) {
    for (const [id, delta] of result.deltas) expected.set(id, (expected.get(id) ?? 0n) + delta);
  }
  const after = await balances(db);
  for (const id of new Set([...expected.keys(), ...after.keys()])) {
    const want = expected.get(id) ?? 0n;
    const got = after.get(id) ?? 0n;
    if (want !== got) problems.push(`account ${id}: balance ${got}, expected ${want} (off by ${got - want})`);
  }

  problems.push(...(await verifyLedger(db)));

  const total = (await db.execute(sql`select coalesce(sum(balance_cents), 0)::text as total from ledger_balance`)) as unknown as Rows<{ total: string }>;
  const sum = total.rows[0]?.total ?? "?";
  if (sum !== "0") problems.push(`the balances of all accounts sum to ${sum}, not 0`);
  return problems;
}

/**
 * The floor of this machine for the bar's question: the cheapest durable write that takes the same
 * path as a journal (one prepared `select … from <plpgsql function>(…)` from the pool, one row
 * inserted into a table without indexes, one commit with its WAL flush). It shows what any durable
 * write per round trip can reach here, so that the journal's own cost can be read against it.
 */
export async function installFloor(db: Database): Promise<void> {
  await db.execute(sql`create table bench_floor (n bigint not null)`);
  await db.execute(sql`create function bench_floor_write(p_n bigint) returns table (out_n bigint) language plpgsql as $$
    begin insert into bench_floor (n) values (p_n); out_n := p_n; return next; end $$`);
}

export interface FloorResult {
  succeeded: number;
  failed: number;
  seconds: number;
  latenciesMs: Float64Array;
}

/** `clients` workers writing `count` floor rows between them, numbered from `from`. */
export async function runFloor(db: Database, clients: number, count: number, from: number): Promise<FloorResult> {
  const statement = db
    .select({ n: sql<string>`out_n` })
    .from(sql`bench_floor_write(${sql.placeholder("n")}::bigint)`)
    .prepare("bench_floor_write");
  const latencies = new Float64Array(count);
  let next = 0;
  let succeeded = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const t0 = performance.now();
      try {
        await statement.execute({ n: String(from + index) });
        latencies[succeeded++] = performance.now() - t0;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return { succeeded, failed, seconds: (performance.now() - started) / 1000, latenciesMs: latencies.slice(0, succeeded) };
}

/** Rows the floor runs wrote: every reported success, no more. */
export async function floorRows(db: Database): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as rows from bench_floor`)) as unknown as Rows<{ rows: number }>;
  return Number(result.rows[0]?.rows ?? -1);
}
