import type { SummaryDto } from "#shared/schemas/ledger.js";
import type { DbExecutor } from "#server/db/client.js";
import { platformAccount, userAccount } from "./accounts.js";
import { ownAccountsAndFlows } from "./flows-cache.js";

/** bigint cents to a JSON number; every balance we can hold fits, and anything else is a bug to stop on. */
export function toJsonCents(cents: bigint): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${cents}`);
  return Number(cents);
}

/** The six dashboard figures (docs/product.md, "The six figures"), read from the ledger. */
export async function summarize(db: DbExecutor, userId: string): Promise<SummaryDto> {
  const own = [userAccount(userId, "available"), userAccount(userId, "invested"), userAccount(userId, "payout_hold")];
  // What crossed the platform's accounts in the journals that moved this user's own money: every
  // deposit, maturity and paid payout credits or debits one of the user's accounts. Remembered
  // between the journals that change it (./flows-cache.ts); the balances are read every time.
  const deposits = platformAccount("deposits").id;
  const interest = platformAccount("interest").id;
  const payouts = platformAccount("payouts").id;
  const { balances, flows, pendingDepositsCents } = await ownAccountsAndFlows(db, userId, own.map((account) => account.id), [deposits, interest, payouts]);
  const balance = (id: string) => balances.get(id) ?? 0n;
  const flow = (id: string) => flows.get(id) ?? 0n;

  const [available, invested, held] = own.map((account) => balance(account.id)) as [bigint, bigint, bigint];
  return {
    mainBalanceCents: toJsonCents(available),
    interestBalanceCents: toJsonCents(-flow(interest)),
    totalInvestCents: toJsonCents(invested),
    totalPayoutCents: toJsonCents(flow(payouts)),
    totalTransactionCents: toJsonCents(-flow(deposits)),
    totalBalanceCents: toJsonCents(available + invested + held),
    // Claims not yet confirmed: shown beside the figures, never in them (docs/product.md, "The six figures").
    pendingDepositsCents: toJsonCents(pendingDepositsCents),
    // Every requested withdrawal is held on this account until it is sent, rejected or cancelled.
    pendingWithdrawalsCents: toJsonCents(held),
  };
}
