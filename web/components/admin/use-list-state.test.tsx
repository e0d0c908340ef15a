import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { useListState } from "./use-list-state.js";

function listAt(url: string, defaults?: Record<string, string>) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => useListState("-createdAt", defaults), { wrapper }).result;
}

const sent = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe("useListState", () => {
  it("reads sort and filters from the URL and sends them as the API's query, with the page's cursor", () => {
    const list = listAt("/x?sort=amountCents&q=ada&status=paid&limit=20&cursor=from-the-url");
    expect(list.current.sort).toBe("amountCents");
    expect(list.current.get("q")).toBe("ada");
    // The first page: a cursor is never taken from the URL, only from the pages walked through.
    expect(sent(list.current.query)).toEqual({ sort: "amountCents", q: "ada", status: "paid", limit: "20" });
    act(() => list.current.pages.forward("cursor-2"));
    expect(list.current.pages.depth).toBe(1);
    expect(sent(list.current.query)).toEqual({ sort: "amountCents", q: "ada", status: "paid", limit: "20", cursor: "cursor-2" });
    // The CSV is every match: no cursor, no limit, the same filters and sort.
    expect(sent(list.current.csvQuery)).toEqual({ sort: "amountCents", q: "ada", status: "paid", format: "csv" });
    act(() => list.current.pages.back());
    expect(new URLSearchParams(list.current.query).has("cursor")).toBe(false);
  });

  it("applies a queue's default filter until the operator picks All, and goes back to the first page on a new filter or sort", () => {
    const list = listAt("/x", { status: "pending" });
    expect(list.current.get("status")).toBe("pending");
    expect(new URLSearchParams(list.current.query).get("status")).toBe("pending");
    act(() => list.current.pages.forward("cursor-2"));
    act(() => list.current.setFilters({ status: "", q: "TV-2" }));
    expect(list.current.pages.depth).toBe(0);
    expect(list.current.get("status")).toBe("");
    expect(sent(list.current.query)).toEqual({ sort: "-createdAt", q: "TV-2" });
    act(() => list.current.pages.forward("cursor-2"));
    act(() => list.current.pages.forward("cursor-3"));
    expect(list.current.pages).toMatchObject({ depth: 2, cursor: "cursor-3" });
    act(() => list.current.setSort("amountCents"));
    expect(list.current.pages.depth).toBe(0);
    expect(sent(list.current.query)).toEqual({ sort: "amountCents", q: "TV-2" });
    act(() => list.current.pages.forward("cursor-2"));
    // Apply with the same values starts again too.
    act(() => list.current.setFilters({ q: "TV-2" }));
    expect(list.current.pages.depth).toBe(0);
    act(() => list.current.resetFilters(["status", "q"]));
    expect(new URLSearchParams(list.current.query).get("status")).toBe("pending");
    expect(list.current.get("q")).toBe("");
  });

  it("starts from the first page when the URL's filters change by navigation (Back, a pasted link), so no cursor meets another list", () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/x?q=ada"]}>{children}</MemoryRouter>;
    const hook = renderHook(() => ({ list: useListState("-createdAt"), navigate: useNavigate() }), { wrapper }).result;
    act(() => hook.current.list.pages.forward("cursor-2"));
    expect(sent(hook.current.list.query)).toMatchObject({ cursor: "cursor-2" });
    act(() => void hook.current.navigate("/x?q=bola&sort=email"));
    expect(hook.current.list.pages.depth).toBe(0);
    expect(sent(hook.current.list.query)).toEqual({ q: "bola", sort: "email" });
  });
});
