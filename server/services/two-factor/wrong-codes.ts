import { sql } from "drizzle-orm";
import { MESSAGES } from "#shared/schemas/auth.js";
import type { DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { securityChangeMail } from "#server/mail/templates.js";
import { recordAudit } from "../audit/record-audit.js";
import { enqueueMail } from "../mail/enqueue-mail.js";

/**
 * Wrong second-factor codes are counted per account, wherever they are typed (the second step of a
 * sign-in, turning two-factor on or off, new backup codes, and every way money leaves), from any
 * address: the 10th in a row locks every code of the account for 15 minutes, the right one
 * included, and the owner is e-mailed and the lock audited. A right code starts the count again,
 * never a running lock. The counter is the two-factor row's own (`failed_verification_count`,
 * `locked_until`), the columns better-auth's sign-in lock reads, so its check and ours agree.
 *
 * Every function here works in the caller's transaction on the row it locked (`lockCodes`), so
 * requests sent at once are counted one after the other and none is checked past the lock.
 */
export const WRONG_CODES = { max: 10, lockMs: 15 * 60_000 } as const;

export type CodeUse = "sign-in" | "enrolment" | "two-factor change" | "money out";

type LockRow = { failed_verification_count: number | null; locked_until: Date | string | null; name: string; email: string };

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** The account's code counter, locked for this transaction; undefined without two-factor. */
export async function lockCodes(tx: DbExecutor, userId: string): Promise<LockRow | undefined> {
  const result = (await tx.execute(sql`select t.failed_verification_count, t.locked_until, u.name, u.email
    from two_factor t join "user" u on u.id = t.user_id where t.user_id = ${userId} for update of t`)) as unknown as { rows: LockRow[] };
  return result.rows[0];
}

/** 429 while the account's codes are locked. */
export function refuseWhileLocked(row: LockRow | undefined, now: Date): void {
  const until = row ? time(row.locked_until) : null;
  if (until !== null && until > now.getTime()) {
    throw new AppError("RATE_LIMITED", MESSAGES.twoFactorLocked, undefined, Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }
}

/** 429 while the account's codes are locked, read without holding the row (a quick refusal before other work). */
export async function assertCodesAccepted(db: DbExecutor, userId: string, now: Date): Promise<void> {
  const result = (await db.execute(sql`select failed_verification_count, locked_until, '' as name, '' as email from two_factor where user_id = ${userId}`)) as unknown as {
    rows: LockRow[];
  };
  refuseWhileLocked(result.rows[0], now);
}

/**
 * Counts one wrong code on the locked row. The one that reaches the limit locks the account,
 * queues the owner's e-mail and writes the audit entry, all in this transaction.
 */
export async function countWrongCode(tx: DbExecutor, row: LockRow, userId: string, use: CodeUse, publicUrl: string, now: Date): Promise<void> {
  const until = time(row.locked_until);
  const count = (until === null ? (row.failed_verification_count ?? 0) : 0) + 1;
  const lockedUntil = count >= WRONG_CODES.max ? new Date(now.getTime() + WRONG_CODES.lockMs) : null;
  await tx.execute(sql`update two_factor set failed_verification_count = ${count}, locked_until = ${lockedUntil?.toISOString() ?? null}::timestamptz where user_id = ${userId}`);
  if (!lockedUntil) return;
  await recordAudit(tx, {
    // Whoever typed the codes is not known to be the owner: no actor.
    actorId: null,
    action: "security.two_factor_locked",
    targetType: "user",
    targetId: userId,
    before: { wrongCodes: count - 1 },
    after: { wrongCodes: count, lockedUntil: lockedUntil.toISOString(), lastCodeFor: use },
  });
  await enqueueMail(tx, securityChangeMail({ name: row.name, to: row.email, publicUrl, change: "two-factor-locked" }));
}

/** A right code: the count of wrong ones in a row starts again, unless a lock is running. */
export async function clearWrongCodes(tx: DbExecutor, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`update two_factor set failed_verification_count = 0, locked_until = null
    where user_id = ${userId} and failed_verification_count <> 0 and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)`);
}
