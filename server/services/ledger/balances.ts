import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, ledgerAccount, posting } from "#server/db/schema.js";
import { platformAccount, userAccount } from "./accounts.js";

/** bigint cents to a JSON number; every balance we can hold fits, and anything else is a bug to stop on. */
export function toJsonCents(cents: bigint): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${cents}`);
  return Number(cents);
}

/** The six dashboard figures (docs/product.md, "The six figures"), read from the ledger. */
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
  const deposits = platformAccount("deposits").id;
  const interest = platformAccount("interest").id;
  const payouts = platformAccount("payouts").id;
  const platform = [deposits, interest, payouts];
  const ownPosting = alias(posting, "own_posting");
  const ownJournals = db
    .select({ journalId: ownPosting.journalId })
    .from(ownPosting)
    .where(inArray(ownPosting.accountId, own.map((account) => account.id)));
  const flows = await db
    .select({ accountId: posting.accountId, total: sql<string>`sum(${posting.amountCents})::text` })
    .from(posting)
    .where(and(inArray(posting.accountId, platform), inArray(posting.journalId, ownJournals)))
    .groupBy(posting.accountId);
  const flow = (id: string) => BigInt(flows.find((row) => row.accountId === id)?.total ?? "0");

  // Claims not yet confirmed: shown beside the figures, never in them (docs/product.md, "The six figures").
  const [pending] = await db
    .select({ total: sql<string>`coalesce(sum(${deposit.amountCents}), 0)::text` })
    .from(deposit)
    .where(and(eq(deposit.userId, userId), eq(deposit.status, "pending")));

  const [available, invested, held] = own.map((account) => balance(account.id)) as [bigint, bigint, bigint];
  return {
    mainBalanceCents: toJsonCents(available),
    interestBalanceCents: toJsonCents(-flow(interest)),
    totalInvestCents: toJsonCents(invested),
    totalPayoutCents: toJsonCents(flow(payouts)),
    totalTransactionCents: toJsonCents(-flow(deposits)),
    totalBalanceCents: toJsonCents(available + invested + held),
    pendingDepositsCents: toJsonCents(BigInt(pending?.total ?? "0")),
    // Every requested withdrawal is held on this account until it is sent, rejected or cancelled.
    pendingWithdrawalsCents: toJsonCents(held),
  };
}
