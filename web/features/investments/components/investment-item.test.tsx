import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EarlyWithdrawalPreviewDto, InvestmentDto } from "#shared/schemas/investments.js";
import { testInvestment } from "../test-investment.js";
import { InvestmentItem } from "./investment-item.js";

const ACTIVE: InvestmentDto = testInvestment({
  id: "inv-1",
  principalCents: 110_000,
  profitCents: 11_000,
  startedAt: "2026-01-15T00:00:00.000Z",
  maturesAt: "2026-01-29T00:00:00.000Z",
  maturityInstruction: "rollover_all",
  instructionChangeableUntil: "2026-01-28T00:00:00.000Z",
  daysLeft: 13,
  accruedProfitCents: 785,
});
const PREVIEW: EarlyWithdrawalPreviewDto = {
  investmentId: "inv-1",
  principalCents: 110_000,
  feeBasisPoints: 200,
  feeCents: 2_200,
  payoutCents: 107_800,
  forgoneProfitCents: 11_000,
  maturesAt: ACTIVE.maturesAt,
};
const WITHDRAWN: InvestmentDto = { ...ACTIVE, status: "withdrawn_early", earlyWithdrawalFeeCents: 2_200, daysLeft: 0, accruedProfitCents: 0, instructionChangeableUntil: null };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Answer = (init?: RequestInit) => Response;

/** A fake server: the preview, and the answers of the withdrawal and the PATCH in turn. */
function serve({ withdraw = [], patch = [] }: { withdraw?: Answer[]; patch?: Answer[] }) {
  const calls: Array<{ url: string; method: string; headers: Record<string, string>; body?: string }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ url, method, headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body as string | undefined });
      if (url.endsWith("/early-withdrawal") && method === "GET") return json(200, PREVIEW);
      if (url.endsWith("/early-withdrawal")) return (withdraw.shift() ?? (() => json(500, {})))(init);
      if (method === "PATCH") return (patch.shift() ?? (() => json(500, {})))(init);
      return json(200, { items: [], nextCursor: null });
    }),
  );
  return calls;
}

function renderItem(investment: InvestmentDto = ACTIVE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ul>
          <InvestmentItem investment={investment} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an active investment", () => {
  it("says its instruction, until when it can change, and what is due at maturity", () => {
    serve({});
    renderItem();
    const instruction = screen.getByTestId("maturity-instruction");
    expect(instruction.textContent).toContain("At maturity: Roll over principal and profit");
    expect(instruction.textContent).toContain("You can change this until");
    expect(screen.getByText("Due at maturity").nextElementSibling?.textContent).toBe("$1,210.00");
    expect(screen.getByText("Early withdrawal: 2% fee, no profit.")).toBeTruthy();
  });

  it("shows the preview, and a retried confirm sends the same Idempotency-Key", async () => {
    const calls = serve({ withdraw: [() => json(503, { error: { code: "UNAVAILABLE", message: "Try later." } }), () => json(200, { investment: WITHDRAWN, feeCents: 2_200, payoutCents: 107_800 })] });
    renderItem();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw early" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw your Standard investment early" });
    const preview = await within(dialog).findByTestId("early-withdrawal-preview");
    expect(preview.textContent).toContain("Early-withdrawal fee (2%)−$22.00");
    expect(preview.textContent).toContain("No profit $110.00 given up");
    expect(preview.textContent).toContain("To your Main Balance$1,078.00");
    expect(dialog.textContent).toContain("cannot be undone");

    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm early withdrawal" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The early withdrawal could not be made. Please try again.");
    // A double click: the second press is the same withdrawal, sent once.
    const confirm = within(dialog).getByRole("button", { name: "Confirm early withdrawal" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByRole("status")).textContent).toContain("$1,078.00 is now in your Main Balance. The $22.00 fee was kept");

    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.url).toBe("/api/investments/inv-1/early-withdrawal");
    expect(posts[0]?.headers["Idempotency-Key"]).toMatch(/^[\w-]{8,}$/);
    expect(posts[1]?.headers["Idempotency-Key"]).toBe(posts[0]?.headers["Idempotency-Key"]);
  });

  it("shows the server's words when the instruction can no longer change", async () => {
    const refusal = "The instruction can be changed until 24 hours before maturity; this investment will roll over principal and profit.";
    const calls = serve({ patch: [() => json(409, { error: { code: "CONFLICT", message: refusal } })] });
    renderItem();
    fireEvent.click(screen.getByRole("button", { name: "Change what happens at maturity" }));
    fireEvent.click(screen.getByRole("radio", { name: "Pay out" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url).toBe("/api/investments/inv-1");
    expect(JSON.parse(patch?.body ?? "{}")).toEqual({ maturityInstruction: "payout" });
  });
});

describe("a settled investment", () => {
  it("offers no action, and says what became of it", () => {
    serve({});
    renderItem(WITHDRAWN);
    expect(screen.getByText("Withdrawn early", { selector: "span" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByTestId("investment-notes").textContent).toBe("Withdrawn early: $1,078.00 went to your Main Balance; the $22.00 early-withdrawal fee was kept. No profit was paid.");
  });
});

describe("an active investment's early-withdrawal line", () => {
  it("says when the terms do not allow it, and nothing once it is due", () => {
    serve({});
    renderItem({ ...ACTIVE, earlyWithdrawalAllowed: false });
    expect(screen.getByText("This investment cannot be withdrawn before maturity.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Withdraw early" })).toBeNull();
    cleanup();
    renderItem({ ...ACTIVE, daysLeft: 0, instructionChangeableUntil: null });
    expect(screen.queryByText(/Early withdrawal/)).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByTestId("maturity-instruction").textContent).toContain("It can no longer be changed");
  });
});
