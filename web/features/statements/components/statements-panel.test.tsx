import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StatementPeriodsDto } from "#shared/schemas/statements.js";
import { StatementsPanel } from "./statements-panel.js";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderPanel(periods: StatementPeriodsDto | number) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => (typeof periods === "number" ? json(periods, { error: { code: "INTERNAL", message: "Something went wrong." } }) : json(200, periods))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatementsPanel />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("StatementsPanel", () => {
  it("offers each complete month and year, newest first, and links the chosen one's PDF", async () => {
    renderPanel({ months: ["2026-12", "2026-11", "2026-10"], years: ["2026"], openedAt: "2026-10-15T12:00:00.000Z", nextMonth: "2027-01" });
    const monthly = await screen.findByRole("group", { name: "Monthly account statement" });
    const select = within(monthly).getByLabelText("Month") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["December 2026", "November 2026", "October 2026"]);
    const link = () => within(monthly).getByRole("link", { name: /Download PDF/ });
    expect(link().getAttribute("href")).toBe("/api/statements/monthly/2026-12");
    fireEvent.change(select, { target: { value: "2026-10" } });
    expect(link().getAttribute("href")).toBe("/api/statements/monthly/2026-10");
    expect(link().getAttribute("download")).toBe("termvest-statement-2026-10.pdf");
    expect(link().textContent).toContain("October 2026");
    const yearly = screen.getByRole("group", { name: "Yearly interest statement" });
    expect(within(yearly).getByRole("link", { name: /Download PDF/ }).getAttribute("href")).toBe("/api/statements/yearly/2026");
    expect(document.getElementById("statements")).not.toBeNull();
  });

  it("says when the first statements will be ready, before there is any", async () => {
    renderPanel({ months: [], years: [], openedAt: "2026-11-27T12:00:00.000Z", nextMonth: "2026-11" });
    expect(await screen.findByText("Your first monthly statement, for November 2026, will be ready on 1 December 2026.")).toBeTruthy();
    expect(screen.getByText("Your first interest statement, for 2026, will be ready on 1 January 2027.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Download PDF/ })).toBeNull();
  });

  it("says so when the list cannot be loaded", async () => {
    renderPanel(500);
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not be loaded/);
  });
});
