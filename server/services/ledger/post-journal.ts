import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { AppError } from "#server/errors.js";
import type { LedgerAccountRef } from "./accounts.js";

export type JournalKind =
  | "deposit"
  | "investment"
  | "maturity"
  | "rollover"
  | "early_withdrawal"
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
  /** Chosen by the caller when rows written before the journal name it (a transfer's); else a new one. */
  journalId?: string;
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

/** post_journal returns `{journal id, t|f}`; both drivers parse a text[] into an array. */
function readPosted(result: string[]): PostedJournal {
  const [journalId, created] = result;
  if (!journalId || (created !== "t" && created !== "f")) throw new Error(`post_journal returned ${JSON.stringify(result)}`);
  return { journalId, created: created === "t" };
}

/**
 * Posts one journal through `post_journal` (server/db/sql/functions/post_journal.sql) inside the caller's transaction:
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
    const accounts = input.postings.map((p) => p.account.id);
    const amounts = input.postings.map((p) => p.amountCents.toString());
    const result = (await tx.execute(
      sql`select post_journal(${input.journalId ?? timeOrderedUuid()}, ${input.idempotencyKey}, ${input.kind}, ${input.userId}, ${input.reference ?? null},
        ${sql.param(accounts)}::text[], ${sql.param(amounts)}::bigint[]) as posted`,
    )) as unknown as { rows: Array<{ posted: string[] }> };
    const row = result.rows[0];
    if (!row) throw new Error("post_journal returned nothing");
    return readPosted(row.posted);
  } catch (error) {
    throw journalError(error);
  }
}

/** What a failed statement that called post_journal means to a caller: its refusals as AppErrors. */
export function journalError(error: unknown): unknown {
  const reported = pgError(error);
  if (reported?.code === "TV001") return new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this.");
  if (reported?.code === "TV002") return new AppError("INTERNAL", `Refused a malformed journal: ${reported.message}`);
  return error;
}
