import { and, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SummaryDto } from "../../../shared/schemas/ledger.js";
import type { DbExecutor } from "../../db/client.js";
import { ledgerAccount, posting } from "../../db/schema.js";
import { platformAccount, userAccount } from "./accounts.js";

/** bigint cents to a JSON number; every balance we can hold fits, and anything else is a bug to stop on. */
export function toJsonCents(cents: bigint): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${cents}`);
  return Number(cents);
}

/** The six dashboard figures of product.md, read from the ledger. */
export async function summarize(db: DbExecutor, userId: string): Promise<SummaryDto> {
  const own = [userAccount(userId, "available"), userAccount(userId, "invested"), userAccount(userId, "payout_hold")];
  const balances = await db
    .select({ id: ledgerAccount.id, balance: ledgerAccount.balanceCents })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.id, own.map((account) => account.id)));
  const balance = (id: string) => balances.find((row) => row.id === id)?.balance ?? 0n;

  // What crossed the platform's accounts in the journals that moved this user's own money: every
  // deposit, maturity and paid payout credits or debits one of the user's accounts. Read through the
  // posting key (account, journal) alone, so journals need no index by user (decision 0020).
  const platform = [platformAccount("deposits"), platformAccount("interest"), platformAccount("payouts")];
  const ownPosting = alias(posting, "own_posting");
  const ownJournals = db
    .select({ journalId: ownPosting.journalId })
    .from(ownPosting)
    .where(inArray(ownPosting.accountId, own.map((account) => account.id)));
  const flows = await db
    .select({ accountId: posting.accountId, total: sql<string>`sum(${posting.amountCents})::text` })
    .from(posting)
    .where(and(inArray(posting.accountId, platform.map((account) => account.id)), inArray(posting.journalId, ownJournals)))
    .groupBy(posting.accountId);
  const flow = (id: string) => BigInt(flows.find((row) => row.accountId === id)?.total ?? "0");

  const [available, invested, held] = own.map((account) => balance(account.id)) as [bigint, bigint, bigint];
  return {
    mainBalanceCents: toJsonCents(available),
    interestBalanceCents: toJsonCents(-flow("p:interest")),
    totalInvestCents: toJsonCents(invested),
    totalPayoutCents: toJsonCents(flow("p:payouts")),
    totalTransactionCents: toJsonCents(-flow("p:deposits")),
    totalBalanceCents: toJsonCents(available + invested + held),
  };
}
