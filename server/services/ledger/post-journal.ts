import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.js";
import { AppError } from "../../errors.js";
import type { LedgerAccountRef } from "./accounts.js";

export type JournalKind =
  | "deposit"
  | "investment"
  | "maturity"
  | "payout_request"
  | "payout_paid"
  | "payout_rejected"
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

/** A Postgres array literal, passed as one text parameter (the same on PGlite and node-postgres). */
function pgArray(values: Array<string | null>): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`)).join(",")}}`;
}

/** The error code Postgres reports, wherever the driver put it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === "string" && current.code.length === 5) return current.code;
  }
  return undefined;
}

/**
 * Posts one journal through `post_journal` (migration 0003) inside the caller's transaction:
 * postings sum to zero, accounts are locked in id order, no user account goes below zero.
 */
export async function postJournal(tx: DbExecutor, input: JournalInput): Promise<PostedJournal> {
  const { postings } = input;
  const ids = postings.map((p) => p.account.id);
  const owners = postings.map((p) => p.account.userId);
  const kinds = postings.map((p) => p.account.kind);
  const amounts = postings.map((p) => p.amountCents.toString());
  try {
    const result = await tx.execute<{ out_journal_id: string; out_created: boolean }>(
      sql`select * from post_journal(${input.idempotencyKey}, ${input.kind}, ${input.userId}, ${input.reference ?? null},
        ${pgArray(ids)}::text[], ${pgArray(owners)}::text[], ${pgArray(kinds)}::text[], ${pgArray(amounts)}::bigint[])`,
    );
    const row = (result as unknown as { rows: Array<{ out_journal_id: string; out_created: boolean }> }).rows[0];
    if (!row) throw new Error("post_journal returned nothing");
    return { journalId: row.out_journal_id, created: row.out_created };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === "TV001") throw new AppError("INSUFFICIENT_FUNDS", "Your available balance is not enough for this.");
    if (code === "TV002") throw new AppError("INTERNAL", `Refused a malformed journal: ${(error as Error).message}`);
    throw error;
  }
}
