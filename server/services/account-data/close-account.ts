import { and, eq, isNull, or, sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { ClosedAccountDto } from "#shared/schemas/account-data.js";
import type { DbExecutor } from "#server/db/client.js";
import { moneyRequest, user, verification, withdrawalAddress } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { finalStatementMail } from "#server/mail/final-statement-mail.js";
import { recordAudit } from "../audit/record-audit.js";
import { userAccount } from "../ledger/accounts.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import { notifyAll, type NotificationInput } from "../notifications/notify.js";
import { quoted } from "../notifications/quoted.js";
import { endSessions } from "../users/end-sessions.js";
import { closingBlockers } from "./closing-blockers.js";
import { readFinalStatement } from "./final-statement.js";

export interface ClosingSettings {
  siteName: string;
  supportEmail: string;
  retentionYears: number;
  /** BITCOIN_MONITOR_HOURS: how long after expiry an invoice may still be paid (0 without invoices). */
  monitorHours: number;
}

/**
 * Closes the caller's account (POST /api/me/close; docs/product.md, "Your data and closing an
 * account"), in the caller's transaction, after the route checked the password and the second
 * factor. Refused (409, every reason in one sentence each) unless nothing is left in it:
 * closingBlockers. Then, together: `closed_at`, every session ended (the next request of any of
 * its browsers is a 401, and sign-in answers ACCOUNT_CLOSED: server/auth/closed-account.ts), every
 * pending link and trusted browser forgotten, the withdrawal addresses removed, open money
 * requests either way declined (the other person is told), an audit entry, and the final
 * statement e-mailed. Nothing is deleted: the ledger, the audit log and the records stay as the
 * retention rules require.
 */
export async function closeAccount(tx: DbExecutor, userId: string, now: Date, settings: ClosingSettings): Promise<ClosedAccountDto> {
  // The locks every change to this account's money takes, in their order: its deposits' (create-deposit.ts),
  // then its ledger accounts in id order (post_journal), then the user row. A deposit, a journal or
  // a second close waits for this one, and then finds the account closed or empty.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposits:${userId}`}, 0))`);
  const own = (["available", "invested", "payout_hold"] as const).map((kind) => userAccount(userId, kind).id);
  await tx.execute(sql`select id from ledger_account where id = any(${sql.param(own)}::text[]) order by id for update`);
  const [account] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  if (!account) throw new AppError("NOT_FOUND", "This account no longer exists.");
  if (account.closedAt) throw new AppError("CONFLICT", "This account is already closed.");

  const blockers = await closingBlockers(tx, userId, now, settings.monitorHours);
  if (blockers.length > 0) throw new AppError("CONFLICT", ["Your account cannot be closed yet.", ...blockers].join(" "));
  const statement = await readFinalStatement(tx, userId);

  await tx.update(user).set({ closedAt: now, updatedAt: now }).where(eq(user.id, userId));
  const sessionsEnded = await endSessions(tx, userId);
  // Reset links, trusted browsers: every better-auth record whose value is this account.
  await tx.delete(verification).where(eq(verification.value, userId));
  const addresses = await tx
    .update(withdrawalAddress)
    .set({ removedAt: now })
    .where(and(eq(withdrawalAddress.userId, userId), isNull(withdrawalAddress.removedAt)))
    .returning({ id: withdrawalAddress.id });
  const requests = await declineOpenRequests(tx, account, now);
  await recordAudit(tx, {
    actorId: userId,
    action: "user.close",
    targetType: "user",
    targetId: userId,
    before: { closedAt: null },
    after: { closedAt: now, sessionsEnded, withdrawalAddressesRemoved: addresses.length, moneyRequestsDeclined: requests },
  });
  await enqueueMail(
    tx,
    finalStatementMail({ ...settings, name: account.name, to: account.email, openedAt: account.createdAt, closedAt: now, statement }),
  );
  return { closedAt: now.toISOString() };
}

/**
 * A closed account can neither pay nor be paid: its open money requests, to pay and to be paid,
 * are declined, and the other person of each is told why. Returns how many.
 */
async function declineOpenRequests(tx: DbExecutor, closing: { id: string; name: string }, now: Date): Promise<number> {
  const declined = await tx
    .update(moneyRequest)
    .set({ status: "declined", answeredAt: now })
    .where(and(eq(moneyRequest.status, "pending"), or(eq(moneyRequest.payerId, closing.id), eq(moneyRequest.requesterId, closing.id))))
    .returning();
  const who = quoted(closing.name);
  await notifyAll(
    tx,
    declined.map((row): NotificationInput => {
      const amount = formatCents(row.amountCents);
      return row.payerId === closing.id
        ? { userId: row.requesterId, kind: "money_request_declined", title: "Request declined", body: `Your request for ${amount} was declined: ${who} closed their account.`, subjectId: row.id }
        : { userId: row.payerId, kind: "money_request_declined", title: "Request withdrawn", body: `The request for ${amount} from ${who} was withdrawn: they closed their account. There is nothing to pay.`, subjectId: row.id };
    }),
  );
  return declined.length;
}
