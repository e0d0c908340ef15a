import { and, eq } from "drizzle-orm";
import { type AdminMailDto, type AdminMailListDto, type AdminMailQuery, type MailStatus } from "#shared/schemas/admin-mail.js";
import type { DbExecutor } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";
import { countUpToCap, matchRow, readCountedList } from "../admin-lists/page-query.js";

const NEWEST_FIRST = { key: "createdAt", direction: "desc" } as const;

/** One page of stored e-mail with one status (dead by default: what operators must act on), newest first, with the total. */
export async function listMail(db: DbExecutor, query: AdminMailQuery): Promise<AdminMailListDto> {
  const where = eq(outgoingMail.status, query.status ?? "dead");
  return readCountedList(
    { ...query, sort: NEWEST_FIRST },
    { keys: { createdAt: { expression: outgoingMail.createdAt, type: "timestamptz" } }, id: outgoingMail.id },
    (page) => db.select({ mail: outgoingMail, ...page.fields }).from(outgoingMail).where(and(where, page.where)).$dynamic(),
    countUpToCap(db, db.select(matchRow).from(outgoingMail).where(where).$dynamic()),
    (row) => toAdminMail(row.mail),
  );
}

/** The operator's view of a row: never its text, which may hold a one-time link. */
export function toAdminMail(row: typeof outgoingMail.$inferSelect): AdminMailDto {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
