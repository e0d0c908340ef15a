import { useSearchParams } from "react-router";

/** Names the list keeps in the URL besides its filters; a CSV export drops the first two. */
const PAGING = ["page", "pageSize"] as const;

/** In the URL, a filter with a default that the operator set to "All" (the request then leaves it out). */
export const ALL = "all";

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
  /** Back to the list's own defaults for these filters (a queue's pending items), page 1. */
  resetFilters(names: readonly string[]): void;
  /** The query string for the list's API request: page, sort and filters, exactly as in the URL. */
  query: string;
  /** The same without paging, for the "Download CSV" link (the export holds every matching row). */
  csvQuery: string;
}

/**
 * A back-office list's state (page, sort, filters) in the URL's search params, so a filtered page
 * can be bookmarked, shared and reloaded, and Back returns to the previous page of the list. The
 * names are the API's own (shared/schemas/admin-list.ts), so the URL's query is the request's.
 * `defaults` are filters that apply while the URL names none (a queue opens on its pending items);
 * choosing "All" for one keeps `all` in the URL, which the request leaves out.
 */
export function useListState(defaultSort: string, defaults: Record<string, string> = {}): ListState {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>, resetPage: boolean, reset: readonly string[] = []) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of reset) next.delete(name);
      for (const [name, value] of Object.entries(changes)) {
        const stored = value === "" && name in defaults ? ALL : value;
        if (stored === "" || stored === defaults[name]) next.delete(name);
        else next.set(name, stored);
      }
      if (resetPage) next.delete("page");
      return next;
    });

  const get = (name: string) => params.get(name) ?? defaults[name] ?? "";
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const sort = params.get("sort") || defaultSort;
  const request = new URLSearchParams(params);
  for (const [name, value] of Object.entries(defaults)) if (!request.has(name)) request.set(name, value);
  for (const [name, value] of [...request.entries()]) if (value === ALL) request.delete(name);
  request.set("sort", sort);
  const csv = new URLSearchParams(request);
  for (const name of PAGING) csv.delete(name);
  csv.set("format", "csv");

  return {
    page,
    sort,
    get: (name) => (get(name) === ALL ? "" : get(name)),
    setPage: (next) => update({ page: next <= 1 ? "" : String(next) }, false),
    setSort: (next) => update({ sort: next === defaultSort ? "" : next }, true),
    setFilters: (filters) => update(filters, true),
    resetFilters: (names) => update({}, true, names),
    query: request.toString(),
    csvQuery: csv.toString(),
  };
}
