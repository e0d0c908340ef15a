import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { useListState } from "./use-list-state.js";

function listAt(url: string, defaults?: Record<string, string>) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => useListState("-createdAt", defaults), { wrapper }).result;
}

describe("useListState", () => {
  it("reads page, sort and filters from the URL and sends them as the API's query", () => {
    const list = listAt("/x?page=3&sort=amountCents&q=ada&status=paid");
    expect(list.current).toMatchObject({ page: 3, sort: "amountCents" });
    expect(list.current.get("q")).toBe("ada");
    expect(new URLSearchParams(list.current.query).get("status")).toBe("paid");
    // The CSV is every match: no page, the same filters and sort.
    expect(Object.fromEntries(new URLSearchParams(list.current.csvQuery))).toEqual({ sort: "amountCents", q: "ada", status: "paid", format: "csv" });
  });

  it("applies a queue's default filter until the operator picks All, and goes back to page 1 on a new filter or sort", () => {
    const list = listAt("/x?page=4", { status: "pending" });
    expect(list.current.get("status")).toBe("pending");
    expect(new URLSearchParams(list.current.query).get("status")).toBe("pending");
    act(() => list.current.setFilters({ status: "", q: "TV-2" }));
    expect(list.current.page).toBe(1);
    expect(list.current.get("status")).toBe("");
    expect(new URLSearchParams(list.current.query).has("status")).toBe(false);
    expect(new URLSearchParams(list.current.query).get("q")).toBe("TV-2");
    act(() => list.current.setPage(2));
    expect(list.current.page).toBe(2);
    act(() => list.current.setSort("amountCents"));
    expect(list.current).toMatchObject({ page: 1, sort: "amountCents" });
    act(() => list.current.resetFilters(["status", "q"]));
    expect(new URLSearchParams(list.current.query).get("status")).toBe("pending");
    expect(list.current.get("q")).toBe("");
  });
});
