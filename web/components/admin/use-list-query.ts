import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Page } from "#shared/schemas/admin-list.js";
import { apiRequest } from "#web/lib/api.js";

/**
 * One page of a back-office list: `query` is the list's URL state (`useListState().query`), sent as
 * it is. The previous page stays on screen (dimmed by the table) while the next one loads.
 */
export function useListQuery<T>(key: readonly unknown[], path: string, query: string) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: () => apiRequest<Page<T>>(`${path}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** What the table reads from that query. */
export type ListQuery<T> = Pick<ReturnType<typeof useListQuery<T>>, "data" | "isPending" | "isError" | "isPlaceholderData" | "error">;
