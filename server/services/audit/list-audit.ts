import { and, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditEntryDto } from "#shared/schemas/audit.js";
import type { SortOrder } from "#shared/schemas/admin-list.js";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog, user } from "#server/db/schema.js";
import { countUpToCap, matchRow, readCountedList, withinDays } from "../admin-lists/page-query.js";
import { textKey, type SortKey } from "../paging/keyset.js";

export interface AuditFilters {
  cursor?: string | undefined;
  limit?: number | undefined;
  sort: SortOrder<"seq" | "action" | "actor">;
  actor?: string;
  target?: string;
  action?: string;
  from?: string;
  to?: string;
  format?: "json" | "csv";
}

const actor = alias(user, "actor");

/** `%` and `_` are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function conditions(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actor ? or(eq(auditLog.actorId, filters.actor), ilike(actor.email, `%${escapeLike(filters.actor)}%`)) : undefined,
    filters.target ? or(eq(auditLog.targetId, filters.target), eq(auditLog.targetType, filters.target)) : undefined,
    filters.action ? like(auditLog.action, `${escapeLike(filters.action)}%`) : undefined,
    withinDays(auditLog.createdAt, filters.from, filters.to),
  );
}

/**
 * The sort keys, each followed by the entry's place in the chain (`seq`, unique): entries of one
 * action or one actor stay in the order they were written. An entry without an actor (a job, the
 * CLI) sorts as the empty e-mail.
 */
const SORT_KEYS: Record<AuditFilters["sort"]["key"], SortKey> = {
  seq: { expression: auditLog.seq, type: "bigint" },
  action: textKey(auditLog.action),
  actor: textKey(sql`coalesce(${actor.email}, '')`),
};

/** A page of the audit log with the total (or all of it that matches, for CSV), newest first by default. */
export async function listAudit(db: DbExecutor, filters: AuditFilters) {
  const where = conditions(filters);
  const actorJoin = eq(actor.id, auditLog.actorId);
  return readCountedList(
    filters,
    { keys: SORT_KEYS, id: auditLog.seq },
    (page) =>
      db
        .select({
          id: auditLog.id,
          seq: auditLog.seq,
          createdAt: auditLog.createdAt,
          actorId: auditLog.actorId,
          actorEmail: actor.email,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
          requestId: auditLog.requestId,
          hash: auditLog.hash,
          ...page.fields,
        })
        .from(auditLog)
        .leftJoin(actor, actorJoin)
        .where(and(where, page.where))
        .$dynamic(),
    countUpToCap(db, db.select(matchRow).from(auditLog).leftJoin(actor, actorJoin).where(where).$dynamic()),
    ({ cursorKey: _key, cursorId: _id, ...row }): AuditEntryDto => ({ ...row, actorEmail: row.actorEmail ?? null, createdAt: row.createdAt.toISOString() }),
  );
}
