import { count, desc, eq } from "drizzle-orm";
import { ADMIN_MAIL_PAGE_SIZE, type AdminMailDto, type AdminMailListDto, type AdminMailQuery, type MailStatus } from "#shared/schemas/admin-mail.js";
import type { DbExecutor } from "#server/db/client.js";
import { outgoingMail } from "#server/db/schema.js";

/** One page of stored e-mail with one status (dead by default: what operators must act on), newest first. */
export async function listMail(db: DbExecutor, query: AdminMailQuery = {}): Promise<AdminMailListDto> {
  const status = query.status ?? "dead";
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ADMIN_MAIL_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.status, status))
      .orderBy(desc(outgoingMail.createdAt), desc(outgoingMail.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(outgoingMail).where(eq(outgoingMail.status, status)),
  ]);
  return { mail: rows.map(toAdminMail), page, pageSize, total: counted?.total ?? 0 };
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
