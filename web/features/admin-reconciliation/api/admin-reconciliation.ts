import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LedgerCheckDto, ReconciliationDto } from "#shared/schemas/reconciliation.js";
import { apiRequest } from "#web/lib/api.js";
import { ADMIN_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_RECONCILIATION_PATH = "/api/admin/reconciliation";

/** The days of the period in `query` (from, to; the last 30 days without them). */
export function useReconciliation(query: string) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.reconciliation, query],
    queryFn: () => apiRequest<ReconciliationDto>(`${ADMIN_RECONCILIATION_PATH}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** verifyLedger, now; the audit log records who ran it and what it found. */
export function useLedgerCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<LedgerCheckDto>("/api/admin/ledger-check", { body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
  });
}
