import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { platformAccount } from "../ledger/accounts.js";

export interface BusinessFigures {
  depositsPending: number;
  /** How long the oldest pending deposit has waited, 0 when none waits. */
  depositsPendingOldestSeconds: number;
  payoutsPending: number;
  payoutsPendingOldestSeconds: number;
  mailDead: number;
  /** Identity cases waiting for an operator: submitted or in review. */
  verificationsPending: number;
  /** How long the oldest of them has waited since it was submitted, 0 when none waits. */
  verificationsOldestSeconds: number;
  /**
   * What the platform owes its users: every user account's kept balance (available, invested and
   * payout hold). Platform accounts keep no balance (decision 0019), so `user_id is not null` is
   * exactly the users' side of the ledger.
   */
  liabilitiesCents: bigint;
  /** Early-withdrawal fees kept since the start: the fees account's postings (it keeps no balance). */
  feesCents: bigint;
}

/**
 * The operator's gauges, read in one statement at scrape time. The pending queues use their
 * (status, created_at) indexes (the identity queue its (status, submitted_at) one); `now` is the server's clock, so a moved test clock ages them too.
 */
export async function readBusinessFigures(db: DbExecutor, now: Date): Promise<BusinessFigures> {
  const result = (await db.execute(sql`
    select
      (select count(*) from deposit where status = 'pending')::int as deposits_pending,
      (select extract(epoch from min(created_at)) from deposit where status = 'pending')::float8 as deposits_oldest,
      (select count(*) from payout where status = 'requested')::int as payouts_pending,
      (select extract(epoch from min(created_at)) from payout where status = 'requested')::float8 as payouts_oldest,
      (select count(*) from outgoing_mail where status = 'dead')::int as mail_dead,
      (select count(*) from identity_case where status in ('submitted', 'in_review'))::int as verifications_pending,
      (select extract(epoch from min(submitted_at)) from identity_case where status in ('submitted', 'in_review'))::float8 as verifications_oldest,
      (select coalesce(sum(balance_cents), 0) from ledger_account where user_id is not null)::text as liabilities,
      (select coalesce(sum(amount_cents), 0) from posting where account_id = ${platformAccount("fees").id})::text as fees
  `)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0]!;
  const waited = (oldest: unknown) => (oldest === null ? 0 : Math.max(0, now.getTime() / 1000 - Number(oldest)));
  return {
    depositsPending: Number(row.deposits_pending),
    depositsPendingOldestSeconds: waited(row.deposits_oldest),
    payoutsPending: Number(row.payouts_pending),
    payoutsPendingOldestSeconds: waited(row.payouts_oldest),
    mailDead: Number(row.mail_dead),
    verificationsPending: Number(row.verifications_pending),
    verificationsOldestSeconds: waited(row.verifications_oldest),
    liabilitiesCents: BigInt(String(row.liabilities)),
    feesCents: BigInt(String(row.fees)),
  };
}
