import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { recordAudit } from "./record-audit.js";

/**
 * One more wrong password for the typed address in this hour. Counted apart from the audit log,
 * which is never updated: a guessing run makes one entry per account per hour, not thousands.
 */
export async function countSignInFailure(db: Database, email: string): Promise<void> {
  await db.execute(sql`
    insert into sign_in_failure_tally (email, hour, failures) values (${email}, date_trunc('hour', now()), 1)
    on conflict (email, hour) do update set failures = sign_in_failure_tally.failures + 1`);
}

/**
 * Turns every finished hour's tally into audit entries, in one transaction with removing it: one
 * entry per existing account (target: the user), and one per hour for all addresses that match no
 * account (their number and count, never the addresses, which could be anyone's typo or a list).
 */
export async function flushSignInFailures(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(sql`
      with done as (
        delete from sign_in_failure_tally where hour < date_trunc('hour', ${now.toISOString()}::timestamptz) returning email, hour, failures
      )
      select u.id as user_id, to_char(d.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
        sum(d.failures)::int as failures, count(*)::int as addresses
      from done d left join "user" u on lower(u.email) = d.email
      group by u.id, d.hour order by d.hour, u.id nulls last`)) as unknown as {
      rows: Array<{ user_id: string | null; hour: string; failures: number; addresses: number }>;
    };
    for (const row of taken.rows) {
      const known = row.user_id !== null;
      await recordAudit(tx, {
        actorId: null,
        action: known ? "security.sign_in_failed" : "security.sign_in_failed_unknown_accounts",
        targetType: known ? "user" : "sign-in",
        targetId: row.user_id ?? row.hour,
        before: null,
        after: known ? { hour: row.hour, failures: row.failures } : { hour: row.hour, failures: row.failures, addresses: row.addresses },
        requestId: null,
      });
    }
    return taken.rows.length;
  });
}
