import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import { testPayout } from "../test-payouts.js";
import { MyPayouts } from "./my-payouts.js";

const PENDING: PayoutDto = testPayout({ amountCents: 12_050 });
const PAID: PayoutDto = { ...PENDING, id: "p-2", status: "paid", txId: "abc", decidedAt: "2026-01-06T10:00:00.000Z" };
/** Paid in automatic crypto mode: sent at the rate fixed when it was approved. */
const PAID_IN_BITCOIN: PayoutDto = { ...PAID, id: "p-3", txId: "f".repeat(64), amountBtc: "0.00185385", rateUsd: "65000.00", rateFixedAt: "2026-01-06T09:00:00.000Z" };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A fake server: the payout list, and one answer for the cancel call, which a successful cancel writes into the list. */
function serve(payouts: PayoutDto[], cancelStatus: number, cancelBody: unknown) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  let list = payouts;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith("/cancel")) {
        if (cancelStatus === 200) list = list.map((row) => (row.id === (cancelBody as PayoutDto).id ? (cancelBody as PayoutDto) : row));
        return json(cancelStatus, cancelBody);
      }
      if (url === "/api/payouts") return json(200, { items: list, nextCursor: null });
      return json(200, {});
    }),
  );
  return calls;
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MyPayouts />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MyPayouts", () => {
  it("offers Cancel request only on pending payouts, and cancels after a second click", async () => {
    const calls = serve([PENDING, PAID], 200, { ...PENDING, status: "cancelled", decidedAt: "2026-01-05T11:00:00.000Z" });
    renderList();
    const [pending, paid] = await screen.findAllByTestId("my-payout");
    expect(within(paid!).queryByRole("button", { name: /Cancel request/ })).toBeNull();

    fireEvent.click(within(pending!).getByRole("button", { name: "Cancel request for $120.50" }));
    expect(calls.some((call) => call.url.endsWith("/cancel"))).toBe(false);
    expect(within(pending!).getByRole("group").textContent).toContain("Cancel your payout of $120.50?");
    fireEvent.click(within(pending!).getByRole("button", { name: "Confirm cancel" }));

    expect(await within(pending!).findByText("Payout cancelled. $120.50 is back in your Main Balance.")).toBeTruthy();
    expect(within(pending!).getByText("Cancelled")).toBeTruthy();
    expect(within(pending!).queryByRole("button", { name: /Cancel request/ })).toBeNull();
    const cancel = calls.find((call) => call.url.endsWith("/cancel"));
    expect(cancel?.url).toBe("/api/payouts/p-1/cancel");
    expect(cancel?.init?.method).toBe("POST");
    expect((cancel?.init?.headers as Record<string, string>)["Idempotency-Key"]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it("keeps the request when the user backs out, and shows the server's reason on a conflict", async () => {
    const calls = serve([PENDING], 409, { error: { code: "CONFLICT", message: "This payout was already marked paid." } });
    renderList();
    const [row] = await screen.findAllByTestId("my-payout");
    fireEvent.click(within(row!).getByRole("button", { name: /Cancel request/ }));
    fireEvent.click(within(row!).getByRole("button", { name: "Keep request" }));
    expect(within(row!).queryByRole("group")).toBeNull();
    expect(calls.some((call) => call.url.endsWith("/cancel"))).toBe(false);

    fireEvent.click(within(row!).getByRole("button", { name: /Cancel request/ }));
    fireEvent.click(within(row!).getByRole("button", { name: "Confirm cancel" }));
    expect((await within(row!).findByRole("alert")).textContent).toBe("This payout was already marked paid.");
  });

  it("shows a paid payout's bitcoin and its transaction id once sent in bitcoin terms, and no bitcoin otherwise", async () => {
    serve([PAID_IN_BITCOIN, PAID], 200, {});
    renderList();
    const [inBitcoin, manual] = await screen.findAllByTestId("my-payout");
    expect(within(inBitcoin!).getByTestId("payout-bitcoin").textContent).toBe(" 0.00185385 BTC (at $65,000.00 per bitcoin)");
    expect(inBitcoin!.textContent).toContain(`Transaction ID ${"f".repeat(64)}`);
    expect(within(manual!).queryByTestId("payout-bitcoin")).toBeNull();
    expect(manual!.textContent).toContain("Transaction ID abc");
  });

  it("tells the investor the bitcoin a pending payout will be sent as once its rate is fixed", async () => {
    serve([{ ...PENDING, amountBtc: "0.00185385", rateUsd: "65000.00", rateFixedAt: "2026-01-06T09:00:00.000Z" }], 200, {});
    renderList();
    const [row] = await screen.findAllByTestId("my-payout");
    expect(within(row!).getByTestId("payout-bitcoin").textContent).toBe("Rate fixed: 0.00185385 BTC (at $65,000.00 per bitcoin) will be sent.");
  });
});
