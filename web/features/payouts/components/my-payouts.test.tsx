import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import { MyPayouts } from "./my-payouts.js";

const PENDING: PayoutDto = {
  id: "p-1",
  amountCents: 12_050,
  walletAddress: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
  status: "requested",
  txId: null,
  rejectReason: null,
  createdAt: "2026-01-05T10:00:00.000Z",
  decidedAt: null,
  amountBtc: null,
  rateUsd: null,
  rateFixedAt: null,
};
const PAID: PayoutDto = { ...PENDING, id: "p-2", status: "paid", txId: "abc", decidedAt: "2026-01-06T10:00:00.000Z" };

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
});
