import { sql } from "drizzle-orm";
import { formatCents } from "#shared/money.js";
import { INSTRUCTION_LOCK_HOURS, MATURITY_INSTRUCTION_WORDS, type MaturityInstruction } from "#shared/schemas/investments.js";
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
  matures_at: string | Date;
  maturity_instruction: MaturityInstruction;
}

/** What will happen at maturity, and until when (and where) the investor can still change it. */
function instructionWords(row: DueRow, now: Date): string {
  const words = MATURITY_INSTRUCTION_WORDS[row.maturity_instruction];
  const until = new Date(new Date(row.matures_at).getTime() - INSTRUCTION_LOCK_HOURS * 3_600_000);
  const change =
    until > now
      ? `You can change this on the Invest page of your dashboard until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`
      : `Changes were possible until ${INSTRUCTION_LOCK_HOURS} hours before maturity, so this is final.`;
  return `Your instruction: ${words.label}. ${words.sentence} ${change}`;
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
            select i.id, i.user_id, i.plan_name, i.principal_cents::text, i.profit_cents::text, i.matures_at, i.maturity_instruction from investment i
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
            body: `Your ${row.plan_name} investment of ${formatCents(BigInt(row.principal_cents))} matures ${reminder.words}, with ${formatCents(total)} due. ${instructionWords(row, now)}`,
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
