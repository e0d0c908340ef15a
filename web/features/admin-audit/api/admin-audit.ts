import type { AuditEntryDto } from "#shared/schemas/audit.js";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import { ADMIN_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_AUDIT_PATH = "/api/admin/audit";

/** One page of the audit log; `query` is the list's state (sort, filters, the page's cursor). */
export const useAdminAudit = (query: string) => useListQuery<AuditEntryDto>(ADMIN_KEYS.audit, ADMIN_AUDIT_PATH, query);
