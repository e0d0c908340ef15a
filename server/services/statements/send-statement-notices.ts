import { sql } from "drizzle-orm";
import { monthName } from "#shared/schemas/statements.js";
import type { Database } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { queueMailJobs } from "../mail/enqueue-mail.js";
import { monthPeriod, previousMonth } from "./statement-period.js";

/** Where the e-mail leads: the Transaction page's statements, never the PDF itself. */
export const STATEMENTS_LINK = "/dashboard/transaction#statements";
export const STATEMENT_MAIL_KIND = "statement-ready";

/** What the e-mail says: that the statement is ready, and where to download it (no attachment, no figures). */
export function statementMail(month: string): { subject: string; text: string } {
  const name = monthName(month);
  return {
    subject: `Your statement for ${name} is ready`,
    text: `Your account statement for ${name} is ready. Sign in and download it, as a PDF, from the Statements section of your Transaction page. For your security we never attach statements to e-mail.`,
  };
}

/**
 * On the 1st of each month (server/jobs/queues.ts): one e-mail per user whose account was opened
 * before the month that just ended was over (so it has a statement) and who is not banned, saying
 * that the statement for that month is ready, with a link to the dashboard; never the PDF.
 *
 * Exactly once per user and month, whatever the number of servers or retries: each batch claims
 * its `statement_notice` rows (user, month) and queues their mail and one send job in the same
 * transaction, so a run that finds a row claimed sends nothing for it, and a rolled-back batch
 * claimed nothing. Users are read in batches along their primary key (keyset), so no run holds more
 * than `batch` of them at once. Returns how many e-mails were queued.
 */
export async function sendStatementNotices(db: Database, now: Date, batch = 500): Promise<number> {
  const month = previousMonth(now);
  const { to } = monthPeriod(month);
  const { subject, text } = statementMail(month);
  let sent = 0;
  let after = "";
  for (;;) {
    const { claimed, last } = await db.transaction(async (tx) => {
      const rows = (
        (await tx.execute(sql`with candidates as (
            select u.id, u.email from "user" u
            where u.id > ${after} and u.created_at < ${to.toISOString()}::timestamptz and u.banned is not true
            order by u.id limit ${batch}
          ), claimed as (
            insert into statement_notice (user_id, month) select id, ${month} from candidates
            on conflict do nothing returning user_id
          )
          select c.id, c.email, (cl.user_id is not null) as claimed from candidates c left join claimed cl on cl.user_id = c.id
          order by c.id`)) as unknown as { rows: Array<{ id: string; email: string; claimed: boolean }> }
      ).rows;
      const mails = rows.filter((row) => row.claimed).map((row) => ({ id: timeOrderedUuid(), kind: STATEMENT_MAIL_KIND, to: row.email, subject, text, link: STATEMENTS_LINK }));
      if (mails.length > 0) await tx.insert(outgoingMail).values(mails);
      await queueMailJobs(
        tx,
        mails.map((mail) => mail.id),
      );
      return { claimed: mails.length, last: rows.length === batch ? rows.at(-1)?.id : undefined };
    });
    sent += claimed;
    if (last === undefined) break;
    after = last;
  }
  return sent;
}
