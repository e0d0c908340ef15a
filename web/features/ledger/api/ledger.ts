import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HistoryPageDto } from "#shared/schemas/ledger.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_CSV_URL = "/api/transactions?format=csv";

/** A page of the history: the newest without a cursor, then each page's `nextCursor` for older events. */
export function useHistory(cursor: string | undefined) {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return useQuery({
    queryKey: [...ACCOUNT_KEYS.history, cursor ?? "", HISTORY_PAGE_SIZE],
    queryFn: () => apiRequest<HistoryPageDto>(`/api/transactions?${query}`),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
