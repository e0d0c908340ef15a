import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import type { Database } from "#server/db/client.js";
import { notify } from "../notifications/notify.js";

const DAY_MS = 86_400_000;

/**
 * The reminders, by how long before maturity they go out. Each goes only to an investment that
 * already existed at that point (a seven-day plan gets no "7 days left" on its first day), and the
 * 7-day one not once the 1-day one is due (a server that was down for a week sends only the nearer).
 */
const REMINDERS = [
  { kind: "7d", beforeMs: 7 * DAY_MS, notBeforeMs: DAY_MS, words: "in 7 days" },
  { kind: "1d", beforeMs: DAY_MS, notBeforeMs: 0, words: "tomorrow" },
] as const;

interface DueRow {
  id: string;
  user_id: string;
  plan_name: string;
  principal_cents: string;
  profit_cents: string;
}

/**
 * Sends each due maturity reminder once: its `maturity_reminder` row (key: investment and kind),
 * its notification and its e-mail are written in one transaction, so a second run, on this server
 * or another, or after a crash, finds the row and sends nothing. Returns how many were sent.
 */
export async function sendMaturityReminders(db: Database, now: Date, batch = 500): Promise<number> {
  let sent = 0;
  for (const reminder of REMINDERS) {
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const due = (await tx.execute(sql`with due as (
            select i.id, i.user_id, i.plan_name, i.principal_cents::text, i.profit_cents::text from investment i
            where i.status = 'active'
              and i.matures_at > ${new Date(now.getTime() + reminder.notBeforeMs).toISOString()}::timestamptz
              and i.matures_at <= ${new Date(now.getTime() + reminder.beforeMs).toISOString()}::timestamptz
              and i.started_at < i.matures_at - ${`${reminder.beforeMs} milliseconds`}::interval
              and not exists (select 1 from maturity_reminder r where r.investment_id = i.id and r.kind = ${reminder.kind})
            order by i.matures_at limit ${batch}
          ), claimed as (
            insert into maturity_reminder (investment_id, kind) select id, ${reminder.kind} from due
            on conflict do nothing returning investment_id
          )
          select due.* from due join claimed on claimed.investment_id = due.id`)) as unknown as { rows: DueRow[] };
        for (const row of due.rows) {
          const total = BigInt(row.principal_cents) + BigInt(row.profit_cents);
          await notify(tx, {
            userId: row.user_id,
            kind: "investment_maturing",
            title: "Investment maturing soon",
            body: `Your ${row.plan_name} investment of ${formatCents(BigInt(row.principal_cents))} matures ${reminder.words}: ${formatCents(total)} will then be paid into your main balance.`,
            subjectId: row.id,
          });
        }
        return due.rows.length;
      });
      sent += count;
      if (count < batch) break;
    }
  }
  return sent;
}
