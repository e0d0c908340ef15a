import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPageDto } from "#shared/schemas/audit.js";
import { apiRequest } from "#web/lib/api.js";
import { ADMIN_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_AUDIT_PATH = "/api/admin/audit";

/** One page of the audit log; `query` is the list's URL state. */
export function useAdminAudit(query: string) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.audit, query],
    queryFn: () => apiRequest<AuditPageDto>(`${ADMIN_AUDIT_PATH}?${query}`),
    placeholderData: keepPreviousData,
  });
}
