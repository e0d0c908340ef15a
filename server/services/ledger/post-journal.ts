import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";
import { pgArray } from "../../db/pg-array.js";
import { AppError } from "../../errors.js";
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

/** The error code Postgres reports, wherever the driver put it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === "string" && current.code.length === 5) return current.code;
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
    .select({ journalId: sql<string>`out_journal_id`, created: sql<boolean>`out_created` })
    .from(
      sql`post_journal(${sql.placeholder("key")}, ${sql.placeholder("kind")}, ${sql.placeholder("userId")}, ${sql.placeholder("reference")},
        ${sql.placeholder("ids")}::text[], ${sql.placeholder("owners")}::text[], ${sql.placeholder("kinds")}::text[], ${sql.placeholder("amounts")}::bigint[])`,
    )
    .prepare("post_journal_v2");
}

function postJournalStatement(tx: DbExecutor) {
  let statement = statements.get(tx);
  if (!statement) statements.set(tx, (statement = prepareStatement(tx)));
  return statement;
}

/**
 * Posts one journal through `post_journal` (migration 0012) inside the caller's transaction:
 * postings sum to zero, accounts are locked in id order, no user account goes below zero.
 */
export async function postJournal(tx: DbExecutor, input: JournalInput): Promise<PostedJournal> {
  // The function locks accounts in the order it receives them: ascending id, the one global order.
  const postings = [...input.postings].sort((a, b) => (a.account.id < b.account.id ? -1 : a.account.id > b.account.id ? 1 : 0));
  for (let index = 1; index < postings.length; index++) {
    if (postings[index]!.account.id === postings[index - 1]!.account.id) {
      throw new AppError("INTERNAL", `Refused a malformed journal: account ${postings[index]!.account.id} appears twice`);
    }
  }
  try {
    const [row] = await postJournalStatement(tx).execute({
      key: input.idempotencyKey,
      kind: input.kind,
      userId: input.userId,
      reference: input.reference ?? null,
      ids: pgArray(postings.map((p) => p.account.id)),
      owners: pgArray(postings.map((p) => p.account.userId)),
      kinds: pgArray(postings.map((p) => p.account.kind)),
      amounts: pgArray(postings.map((p) => p.amountCents.toString())),
    });
    if (!row) throw new Error("post_journal returned nothing");
    return { journalId: row.journalId, created: row.created };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === "TV001") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this.");
    if (code === "TV002") throw new AppError("INTERNAL", `Refused a malformed journal: ${(error as Error).message}`);
    throw error;
  }
}
