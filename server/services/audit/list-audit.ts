import { and, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditEntryDto } from "#shared/schemas/audit.js";
import type { SortOrder } from "#shared/schemas/admin-list.js";
import type { DbExecutor } from "#server/db/client.js";
import { auditLog, user } from "#server/db/schema.js";
import { countAll, readList, sortedBy, withinDays } from "../admin-lists/page-query.js";

export interface AuditFilters {
  page: number;
  pageSize: number;
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

/** A page of the audit log (or all of it that matches, for CSV), newest first by default. */
export async function listAudit(db: DbExecutor, filters: AuditFilters) {
  const where = conditions(filters);
  const actorJoin = eq(actor.id, auditLog.actorId);
  return readList(
    filters,
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
      })
      .from(auditLog)
      .leftJoin(actor, actorJoin)
      .where(where)
      .$dynamic(),
    db.select({ total: countAll }).from(auditLog).leftJoin(actor, actorJoin).where(where).$dynamic(),
    sortedBy(filters.sort, { seq: auditLog.seq, action: auditLog.action, actor: sql`coalesce(${actor.email}, '')` }, auditLog.seq),
    (row): AuditEntryDto => ({ ...row, actorEmail: row.actorEmail ?? null, createdAt: row.createdAt.toISOString() }),
  );
}
