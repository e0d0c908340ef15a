import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";
import { pgArray } from "../../db/pg-array.js";
import { AppError } from "../../errors.js";
import { timeOrderedUuid } from "../../db/time-ordered-uuid.js";
import type { LedgerAccountRef } from "./accounts.js";

export type JournalKind =
  | "deposit"
  | "investment"
  | "maturity"
  | "payout_request"
  | "payout_paid"
  | "payout_rejected"
  | "payout_cancelled"
  | "transfer"
  | "adjustment";

export interface JournalInput {
  /** Unique per business event (e.g. `deposit:<id>`): posting it again changes nothing. */
  idempotencyKey: string;
  kind: JournalKind;
  /** The customer on whose behalf platform money moved, if any. */
  userId: string | null;
  reference?: string;
  postings: Array<{ account: LedgerAccountRef; amountCents: bigint }>;
}

export interface PostedJournal {
  journalId: string;
  /** False when the idempotency key had been posted before (nothing moved this time). */
  created: boolean;
}

/** The error Postgres reported (code and message), wherever the driver put it. */
function pgError(error: unknown): { code: string; message: string } | undefined {
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === "string" && current.code.length === 5) return { code: current.code, message: String(current.message) };
  }
  return undefined;
}

/**
 * The call, named so that node-postgres parses and plans it once per connection instead of on every
 * journal (PGlite ignores the name). A prepared query belongs to the executor it was built on (the
 * pool or one transaction), so it is kept per executor.
 */
const statements = new WeakMap<DbExecutor, ReturnType<typeof prepareStatement>>();

function prepareStatement(tx: DbExecutor) {
  return tx
    .select({ result: sql<string[] | string>`posted` })
    .from(
      sql`post_journal(${sql.placeholder("id")}, ${sql.placeholder("key")}, ${sql.placeholder("kind")}, ${sql.placeholder("userId")},
        ${sql.placeholder("reference")}, ${sql.placeholder("ids")}::text[], ${sql.placeholder("amounts")}::bigint[]) AS posted`,
    )
    .prepare("post_journal_v3");
}

function postJournalStatement(tx: DbExecutor) {
  let statement = statements.get(tx);
  if (!statement) statements.set(tx, (statement = prepareStatement(tx)));
  return statement;
}

/** post_journal returns `{journal id, t|f}`: node-postgres parses the array, PGlite may hand over its text. */
function readPosted(result: string[] | string): PostedJournal {
  const [journalId, created] = Array.isArray(result) ? result : result.slice(1, -1).split(",");
  if (!journalId || (created !== "t" && created !== "f")) throw new Error(`post_journal returned ${String(result)}`);
  return { journalId, created: created === "t" };
}

/**
 * Posts one journal through `post_journal` (migration 0013) inside the caller's transaction:
 * postings sum to zero, accounts are locked in id order, no user account goes below zero.
 */
export async function postJournal(tx: DbExecutor, input: JournalInput): Promise<PostedJournal> {
  // post_journal refuses it too (the posting's primary key), but with a message no caller can act on.
  const named = new Set<string>();
  for (const { account } of input.postings) {
    if (named.has(account.id)) throw new AppError("INTERNAL", `Refused a malformed journal: account ${account.id} appears twice`);
    named.add(account.id);
  }
  try {
    const [row] = await postJournalStatement(tx).execute({
      id: timeOrderedUuid(),
      key: input.idempotencyKey,
      kind: input.kind,
      userId: input.userId,
      reference: input.reference ?? null,
      ids: pgArray(input.postings.map((p) => p.account.id)),
      amounts: pgArray(input.postings.map((p) => p.amountCents.toString())),
    });
    if (!row) throw new Error("post_journal returned nothing");
    return readPosted(row.result);
  } catch (error) {
    const reported = pgError(error);
    if (reported?.code === "TV001") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this.");
    if (reported?.code === "TV002") throw new AppError("INTERNAL", `Refused a malformed journal: ${reported.message}`);
    throw error;
  }
}
