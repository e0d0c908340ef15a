import { useSearchParams } from "react-router";
import { useCursorStack, type CursorStack } from "#web/components/ui/use-cursor-stack.js";

/** Paging names a CSV export drops: the export holds every matching row. */
const PAGING = ["cursor", "limit"] as const;

/** In the URL, a filter with a default that the operator set to "All" (the request then leaves it out). */
export const ALL = "all";

export interface ListState {
  /** "createdAt" or "-createdAt", as the API takes it. */
  sort: string;
  /** A filter's value in the URL, "" when unset. */
  get(name: string): string;
  /** The pages walked through (keyset cursors, kept in memory): back to the first whenever the filters or the sort change. */
  pages: CursorStack;
  setSort(sort: string): void;
  /** Sets (or, with "", clears) filters; the list starts again at its first page. */
  setFilters(filters: Record<string, string>): void;
  /** Back to the list's own defaults for these filters (a queue's pending items), first page. */
  resetFilters(names: readonly string[]): void;
  /** The query string for the list's API request: sort and filters as in the URL, and the page's cursor. */
  query: string;
  /** The same without paging, for the "Download CSV" link (the export holds every matching row). */
  csvQuery: string;
}

/**
 * A back-office list's state: sort and filters in the URL's search params, so a filtered list can
 * be bookmarked, shared and reloaded, and Back returns to the previous filters; the page is a
 * keyset cursor (shared/schemas/paging.ts) kept in memory, like every list's, and any change of
 * filters or sort (the request's query) starts from the first page again. The names are the API's
 * own (shared/schemas/admin-list.ts), so the URL's query is the request's.
 * `defaults` are filters that apply while the URL names none (a queue opens on its pending items);
 * choosing "All" for one keeps `all` in the URL, which the request leaves out.
 */
export function useListState(defaultSort: string, defaults: Record<string, string> = {}): ListState {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>, reset: readonly string[] = []) => {
    // Apply with the same values starts from the first page too.
    pages.reset();
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of reset) next.delete(name);
      for (const [name, value] of Object.entries(changes)) {
        const stored = value === "" && name in defaults ? ALL : value;
        if (stored === "" || stored === defaults[name]) next.delete(name);
        else next.set(name, stored);
      }
      return next;
    });
  };

  const get = (name: string) => params.get(name) ?? defaults[name] ?? "";
  const sort = params.get("sort") || defaultSort;
  const request = new URLSearchParams(params);
  request.delete("cursor");
  for (const [name, value] of Object.entries(defaults)) if (!request.has(name)) request.set(name, value);
  for (const [name, value] of [...request.entries()]) if (value === ALL) request.delete(name);
  request.set("sort", sort);
  const csv = new URLSearchParams(request);
  for (const name of PAGING) csv.delete(name);
  csv.set("format", "csv");
  // The cursors belong to this query: another filter or sort, however it came, is another list.
  const pages = useCursorStack(request.toString());
  if (pages.cursor) request.set("cursor", pages.cursor);

  return {
    sort,
    get: (name) => (get(name) === ALL ? "" : get(name)),
    pages,
    setSort: (next) => update({ sort: next === defaultSort ? "" : next }),
    setFilters: (filters) => update(filters),
    resetFilters: (names) => update({}, names),
    query: request.toString(),
    csvQuery: csv.toString(),
  };
}
