import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYOUT_NETWORK_FEE_POLICY } from "#shared/schemas/payouts.js";
import { BootstrapProvider } from "#web/lib/bootstrap.js";
import { testAdminPayout, testBootstrap, testPayout } from "../test-payouts.js";
import { AdminPayoutTerms, payoutBitcoinLine } from "./admin-payout-bitcoin.js";
import { AdminPayoutDecision } from "./admin-payout-decision.js";

vi.mock("#web/lib/session.js", () => ({ useSession: () => ({ user: { id: "admin-1" }, session: {}, loading: false }) }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const FIXED = { amountBtc: "0.01000000", rateUsd: "65000.00", rateFixedAt: "2026-01-05T11:00:00.000Z" };
const ESTIMATE = { amountBtc: "0.00984849", rateUsd: "66000.00" };

function inMode(inBitcoin: boolean, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BootstrapProvider value={testBootstrap({ inBitcoin, sendHours: 24 })}>{children}</BootstrapProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AdminPayoutDecision in bitcoin terms", () => {
  it("has a small payout approved first, which fixes its rate, before it can be marked paid", async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        posted.push(url);
        return json(200, testPayout(FIXED));
      }),
    );
    const onOutcome = vi.fn();
    inMode(true, <AdminPayoutDecision payout={testAdminPayout({ estimate: ESTIMATE })} onOutcome={onOutcome} />);
    expect(screen.getByText("Approve this payout to fix its bitcoin rate, then send exactly the bitcoin shown and mark it paid.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark paid" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Approve and fix rate" }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalled());
    expect(posted).toEqual(["/api/admin/payouts/p-1/approve"]);
    expect(onOutcome).toHaveBeenCalledWith({ tone: "success", text: "Approved the payout of $650.00 to Tolu Ade. Its rate is fixed: 0.01000000 BTC. Send it, then mark it paid." });
  });

  it("once the rate is fixed, asks for the transaction that sent exactly its bitcoin", () => {
    inMode(true, <AdminPayoutDecision payout={testAdminPayout(FIXED)} onOutcome={vi.fn()} />);
    expect(screen.getByRole("form", { name: "Mark paid: $650.00 (0.01000000 BTC) to Tolu Ade" })).toBeTruthy();
    expect(screen.getByText("Required: the transaction that sent exactly 0.01000000 BTC. The user sees it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
  });

  it("in manual mode marks a small payout paid without approval, as before", () => {
    inMode(false, <AdminPayoutDecision payout={testAdminPayout()} onOutcome={vi.fn()} />);
    expect(screen.getByRole("form", { name: "Mark paid: $650.00 to Tolu Ade" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
  });
});

describe("the queue's bitcoin", () => {
  it("shows the fixed amount with its rate and time, else the estimate labelled as one, else why there is none", () => {
    expect(payoutBitcoinLine(testAdminPayout(FIXED), true)).toMatch(/^0\.01000000 BTC at \$65,000\.00\/BTC \(fixed .+\)$/);
    expect(payoutBitcoinLine(testAdminPayout({ estimate: ESTIMATE }), true)).toBe("≈ 0.00984849 BTC at $66,000.00/BTC (estimate at the current rate)");
    expect(payoutBitcoinLine(testAdminPayout(), true)).toBe("No estimate: the exchanges gave no current rate.");
    expect(payoutBitcoinLine(testAdminPayout(), false)).toBeNull();
    expect(payoutBitcoinLine(testAdminPayout({ status: "rejected" }), true)).toBeNull();
  });

  it("states the network fee policy above the queue in automatic mode only", () => {
    inMode(true, <AdminPayoutTerms />);
    expect(screen.getByTestId("payout-terms").textContent).toContain(PAYOUT_NETWORK_FEE_POLICY);
    cleanup();
    inMode(false, <AdminPayoutTerms />);
    expect(screen.queryByTestId("payout-terms")).toBeNull();
  });
});
