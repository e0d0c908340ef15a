import { useSearchParams } from "react-router";

/** Names the list keeps in the URL besides its filters; a CSV export drops the first two. */
const PAGING = ["page", "pageSize"] as const;

export interface ListState {
  page: number;
  /** "createdAt" or "-createdAt", as the API takes it. */
  sort: string;
  /** A filter's value in the URL, "" when unset. */
  get(name: string): string;
  setPage(page: number): void;
  setSort(sort: string): void;
  /** Sets (or, with "", clears) filters and goes back to page 1, since the old page may no longer exist. */
  setFilters(filters: Record<string, string>): void;
  /** The query string for the list's API request: page, sort and filters, exactly as in the URL. */
  query: string;
  /** The same without paging, for the "Download CSV" link (the export holds every matching row). */
  csvQuery: string;
}

/**
 * A back-office list's state (page, sort, filters) in the URL's search params, so a filtered page
 * can be bookmarked, shared and reloaded, and Back returns to the previous page of the list. The
 * names are the API's own (shared/schemas/admin-list.ts), so the URL's query is the request's.
 */
export function useListState(defaultSort: string): ListState {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>, resetPage: boolean) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(changes)) {
        if (value === "") next.delete(name);
        else next.set(name, value);
      }
      if (resetPage) next.delete("page");
      return next;
    });

  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const sort = params.get("sort") || defaultSort;
  const request = new URLSearchParams(params);
  request.set("sort", sort);
  const csv = new URLSearchParams(request);
  for (const name of PAGING) csv.delete(name);
  csv.set("format", "csv");

  return {
    page,
    sort,
    get: (name) => params.get(name) ?? "",
    setPage: (next) => update({ page: next <= 1 ? "" : String(next) }, false),
    setSort: (next) => update({ sort: next === defaultSort ? "" : next }, true),
    setFilters: (filters) => update(filters, true),
    query: request.toString(),
    csvQuery: csv.toString(),
  };
}
