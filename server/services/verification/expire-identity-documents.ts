import { inArray, sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import { DOCUMENT_TYPE_LABELS, utcDay, VERIFICATION_PATH, type DocumentType } from "#shared/schemas/verification.js";
import type { Config } from "#server/env.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { recordCaseAudit } from "./case-audit.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import { notifyAll } from "../notifications/notify.js";

/** How long before a document's expiry its investor is told to send a new one. */
export const EXPIRY_NOTICE_DAYS = 30;
export const EXPIRY_NOTICE_MAIL_KIND = "identity-expiring";

interface DueRow {
  id: string;
  user_id: string;
  email: string;
  document_type: DocumentType | null;
  expires_on: string;
}

const documentWords = (type: DocumentType | null) => `identity document${type ? ` (${DOCUMENT_TYPE_LABELS[type].toLowerCase()})` : ""}`;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Runs `claim` in transactions of at most `batch` rows until one claims fewer; returns how many in all. */
export async function inBatches(db: Database, batch: number, claim: (tx: DbExecutor) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(claim);
    total += claimed;
    if (claimed < batch) return total;
  }
}

/**
 * The daily identity-document job. An approved case whose document expired before the server's
 * UTC day becomes `expired` and its account `unverified` again, with a notification and its
 * e-mail saying what that means and an audit entry; an approved case whose document expires within
 * EXPIRY_NOTICE_DAYS gets one e-mail (stamped `expiry_notice_at`). Each batch claims its rows with
 * one UPDATE (SKIP LOCKED: a case an operator is deciding waits for the next run) in the
 * transaction that writes the rest, so several servers, retries and reruns act on a case once.
 */
export async function expireIdentityDocuments(
  db: Database,
  now: Date,
  kyc: Pick<Config["kyc"], "unverifiedDepositLimitCents">,
  batch = 200,
): Promise<{ expired: number; noticed: number }> {
  const today = utcDay(now);
  const at = now.toISOString();
  const limit = formatCents(kyc.unverifiedDepositLimitCents);
  const expired = await inBatches(db, batch, async (tx) => {
    const { rows } = (await tx.execute(sql`with due as (
        select id from identity_case where status = 'approved' and document_expires_on < ${today}::date
        order by document_expires_on, id limit ${batch} for update skip locked
      )
      update identity_case c set status = 'expired', updated_at = ${at}::timestamptz
      from due, "user" u where c.id = due.id and u.id = c.user_id
      returning c.id, c.user_id, u.email, c.document_type, c.document_expires_on::text as expires_on`)) as unknown as { rows: DueRow[] };
    if (rows.length === 0) return 0;
    await tx.update(user).set({ verificationLevel: "unverified", updatedAt: now }).where(inArray(user.id, rows.map((row) => row.user_id)));
    await notifyAll(
      tx,
      rows.map((row) => ({
        userId: row.user_id,
        kind: "identity_expired" as const,
        title: "Your identity document has expired",
        body: `The ${documentWords(row.document_type)} we verified you with expired on ${row.expires_on}. Until you verify again, you can deposit up to ${limit} in total, and payouts, transfers and paying money requests are paused. Upload a valid document at ${VERIFICATION_PATH}.`,
        subjectId: row.id,
      })),
    );
    for (const row of rows) {
      await recordCaseAudit(tx, null, "verification.expire", row.id, { status: "approved", level: "verified" }, { status: "expired", level: "unverified", documentExpiresOn: row.expires_on });
    }
    return rows.length;
  });
  const noticed = await inBatches(db, batch, async (tx) => {
    const { rows } = (await tx.execute(sql`with due as (
        select id from identity_case
        where status = 'approved' and expiry_notice_at is null
          and document_expires_on >= ${today}::date and document_expires_on <= ${plusDays(today, EXPIRY_NOTICE_DAYS)}::date
        order by document_expires_on, id limit ${batch} for update skip locked
      )
      update identity_case c set expiry_notice_at = ${at}::timestamptz
      from due, "user" u where c.id = due.id and u.id = c.user_id
      returning c.id, c.user_id, u.email, c.document_type, c.document_expires_on::text as expires_on`)) as unknown as { rows: DueRow[] };
    for (const row of rows) {
      await enqueueMail(tx, {
        kind: EXPIRY_NOTICE_MAIL_KIND,
        to: row.email,
        subject: "Your identity document expires soon",
        text: `The ${documentWords(row.document_type)} we verified you with expires on ${row.expires_on}. Upload a new one at ${VERIFICATION_PATH} before then: after it, until we have verified the new one, you can deposit up to ${limit} in total, and payouts, transfers and paying money requests are paused.`,
        link: VERIFICATION_PATH,
      });
    }
    return rows.length;
  });
  return { expired, noticed };
}
