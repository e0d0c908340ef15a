import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HistoryPageDto } from "#shared/schemas/ledger.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_CSV_URL = "/api/transactions?format=csv";

export function useHistory(page: number) {
  return useQuery({
    queryKey: [...ACCOUNT_KEYS.history, page, HISTORY_PAGE_SIZE],
    queryFn: () => apiRequest<HistoryPageDto>(`/api/transactions?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
