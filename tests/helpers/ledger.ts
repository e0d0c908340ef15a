import type { DbExecutor } from "#server/db/client.js";
import { platformAccount, userAccount } from "#server/services/ledger/accounts.js";
import { postJournal } from "#server/services/ledger/post-journal.js";

/**
 * Money on a user's Main Balance the short way: a deposit journal from the platform's deposits
 * account straight into the ledger, with no deposit row behind it (as another server, or money the
 * books cannot explain, would post it). Once per `idempotencyKey`.
 */
export function creditMainBalance(db: DbExecutor, userId: string, amountCents: bigint, idempotencyKey = `fund:${userId}`) {
  return postJournal(db, {
    idempotencyKey,
    kind: "deposit",
    userId,
    postings: [
      { account: userAccount(userId, "available"), amountCents },
      { account: platformAccount("deposits"), amountCents: -amountCents },
    ],
  });
}
