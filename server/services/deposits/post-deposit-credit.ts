import type { DbExecutor } from "#server/db/client.js";
import { platformAccount, userAccount } from "../ledger/accounts.js";
import { postJournal, type PostedJournal } from "../ledger/post-journal.js";

/**
 * A deposit's money arriving: one journal keyed `deposit:<id>` from the platform's deposits
 * account to the user's available balance, whether an operator confirmed it or the invoice watcher
 * saw it paid. The key makes a second credit of the same deposit a no-op.
 */
export function postDepositCredit(tx: DbExecutor, deposit: { id: string; userId: string; reference: string }, cents: bigint): Promise<PostedJournal> {
  return postJournal(tx, {
    idempotencyKey: `deposit:${deposit.id}`,
    kind: "deposit",
    userId: deposit.userId,
    reference: deposit.reference,
    postings: [
      { account: userAccount(deposit.userId, "available"), amountCents: cents },
      { account: platformAccount("deposits"), amountCents: -cents },
    ],
  });
}
