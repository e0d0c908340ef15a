import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CountedList } from "#shared/schemas/admin-list.js";
import { apiRequest } from "#web/lib/api.js";

/**
 * One page of a back-office list, `{ items, nextCursor, total }`: `query` is the list's state
 * (`useListState().query`: its filters and sort as in the URL, and the page's cursor), sent as it
 * is. The previous page stays on screen (dimmed by the table) while the next one loads.
 */
export function useListQuery<T>(key: readonly unknown[], path: string, query: string) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: () => apiRequest<CountedList<T>>(`${path}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** What the table reads from that query. */
export type ListQuery<T> = Pick<ReturnType<typeof useListQuery<T>>, "data" | "isPending" | "isError" | "isPlaceholderData" | "error">;
