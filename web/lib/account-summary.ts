import { useQuery } from "@tanstack/react-query";
import type { SummaryDto } from "#shared/schemas/ledger.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

/** The six figures of the signed-in account: the dashboard's cards, and the balance checks of every form that spends. */
export function useSummary() {
  return useQuery({ queryKey: ACCOUNT_KEYS.summary, queryFn: () => apiRequest<SummaryDto>("/api/me/summary") });
}
