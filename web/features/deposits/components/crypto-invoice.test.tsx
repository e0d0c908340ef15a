import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DepositDto } from "#shared/schemas/deposits.js";
import { MyDeposits } from "./my-deposits.js";
import { CryptoInvoicePanel } from "./crypto-invoice.js";

const NOW = Date.parse("2026-11-28T10:00:00.000Z");
const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

const NEW: DepositDto = {
  id: "inv-1",
  method: "crypto",
  amountCents: 25_000,
  receivedCents: null,
  coin: "BTC",
  bank: null,
  address: ADDRESS,
  reference: "TV-ABCDEFGH",
  txId: null,
  status: "new",
  rejectReason: null,
  creditNote: null,
  createdAt: "2026-11-28T09:55:00.000Z",
  decidedAt: null,
  expiresAt: "2026-11-28T10:14:05.000Z",
  amountBtc: "0.00382063",
  rateUsd: "65432.10",
  bip21: `bitcoin:${ADDRESS}?amount=0.00382063&label=Termvest`,
  requiredConfirmations: 2,
  receivedBtc: "0.00000000",
  confirmations: 0,
  exception: null,
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** A fake server answering GET /api/deposits/inv-1 with each reading in turn (the last one repeated). */
function serve(...readings: DepositDto[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === "/api/deposits") return json({ items: readings, nextCursor: null });
      const reading = readings[Math.min(calls.filter((call) => call === url).length - 1, readings.length - 1)];
      return json(reading);
    }),
  );
  return calls;
}

function renderInvoice(id = "inv-1") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CryptoInvoicePanel id={id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const status = () => screen.getByTestId("invoice-status");

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("CryptoInvoicePanel", () => {
  it("shows what to send, the rate, the dollars, the QR link, copy buttons, Open in wallet and the countdown", async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    serve(NEW);
    renderInvoice();
    expect(await screen.findByRole("heading", { name: "Waiting for your payment" })).toBeTruthy();
    expect(screen.getByTestId("invoice-btc").textContent).toBe("0.00382063");
    expect(screen.getByTestId("invoice-rate").textContent).toBe("$65,432.10");
    expect(screen.getByTestId("invoice-usd").textContent).toBe("$250.00");
    expect(screen.getByTestId("invoice-address").textContent).toBe(ADDRESS);
    expect(screen.getByRole("link", { name: /Open in wallet/ }).getAttribute("href")).toBe(NEW.bip21);
    expect(screen.getByRole("button", { name: "Copy address" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy amount" })).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe("14:05");
    // Not announced every second: the polite region is empty with more than five minutes left.
    expect(screen.getByTestId("invoice-countdown-announcement").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole("timer").textContent).toBe("13:55");
    expect(screen.getByTestId("invoice-countdown-announcement").textContent).toBe("");
  });

  it("polls while open: a payment seen, then its confirmations, then credited, and stops polling", async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const seen = { ...NEW, status: "processing", receivedBtc: "0.00382063", confirmations: 0 } satisfies DepositDto;
    const confirming = { ...seen, confirmations: 1 };
    const settled = { ...seen, status: "settled", confirmations: 2, receivedCents: 25_000, decidedAt: "2026-11-28T10:20:00.000Z" } satisfies DepositDto;
    const calls = serve(NEW, seen, confirming, settled);
    renderInvoice();
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole("heading", { name: "Payment seen: 0 of 2 confirmations" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole("heading", { name: "Payment seen: 1 of 2 confirmations" })).toBeTruthy();
    expect(within(status()).getByText(/credited automatically once the payment has 2 confirmations/)).toBeTruthy();
    // Paid in full: nothing left to pay, so no countdown and no wallet link.
    expect(screen.queryByRole("timer")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole("heading", { name: "Credited to your Main Balance" })).toBeTruthy();
    expect(within(status()).getByText(/\$250\.00 was credited/)).toBeTruthy();
    const reads = calls.filter((url) => url === "/api/deposits/inv-1").length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls.filter((url) => url === "/api/deposits/inv-1").length).toBe(reads);
  });

  it("says what is missing when part of the payment arrived before expiry", async () => {
    serve({ ...NEW, status: "processing", receivedBtc: "0.00182063" });
    renderInvoice();
    expect(await screen.findByRole("heading", { name: "Part of the payment has arrived" })).toBeTruthy();
    expect(within(status()).getByText(/Send the remaining 0\.00200000 BTC/)).toBeTruthy();
  });

  it("expired with nothing received: says so and offers a new invoice at the current rate, prefilled", async () => {
    serve({ ...NEW, status: "expired" });
    renderInvoice();
    expect(await screen.findByRole("heading", { name: "This invoice expired with nothing received" })).toBeTruthy();
    const again = screen.getByRole("link", { name: "New invoice at the current rate" });
    expect(again.getAttribute("href")).toBe("/dashboard/transfer/crypto?amount=250.00");
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByRole("link", { name: /Open in wallet/ })).toBeNull();
  });

  it("paid_partial: what arrived, nothing credited yet, the operator reviews it", async () => {
    serve({ ...NEW, status: "expired", exception: "paid_partial", receivedBtc: "0.00100000", confirmations: 3 });
    renderInvoice();
    expect(await screen.findByRole("heading", { name: "Less than the amount arrived in time" })).toBeTruthy();
    expect(within(status()).getByText(/0\.00100000 of 0\.00382063 BTC arrived before the invoice expired/)).toBeTruthy();
    expect(within(status()).getByText(/our team reviews the payment/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "New invoice at the current rate" })).toBeNull();
  });

  it("paid_late: arrived after expiry, the operator credits it at the locked or current rate", async () => {
    serve({ ...NEW, status: "expired", exception: "paid_late", receivedBtc: "0.00382063", confirmations: 1 });
    renderInvoice();
    expect(await screen.findByRole("heading", { name: "Your payment arrived after the invoice expired" })).toBeTruthy();
    expect(within(status()).getByText(/our team reviews it and credits what arrived, at the locked rate or the current one/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "New invoice at the current rate" })).toBeNull();
  });

  it("says a manual deposit is not an invoice", async () => {
    const { amountBtc: _a, rateUsd: _r, bip21: _b, requiredConfirmations: _c, receivedBtc: _d, confirmations: _e, exception: _f, ...manual } = NEW;
    serve({ ...manual, status: "pending" });
    renderInvoice();
    expect(await screen.findByText(/This deposit is not an invoice/)).toBeTruthy();
  });
});

describe("MyDeposits and invoices", () => {
  it("links each invoice to its page, and not a manual deposit", async () => {
    const { amountBtc: _a, rateUsd: _r, bip21: _b, requiredConfirmations: _c, receivedBtc: _d, confirmations: _e, exception: _f, ...manual } = NEW;
    serve(NEW, { ...NEW, id: "inv-2", status: "settled", receivedCents: 25_000 }, { ...manual, id: "dep-3", status: "pending" });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyDeposits />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const [open, settled, pending] = await screen.findAllByTestId("my-deposit");
    expect(within(open!).getByRole("link", { name: /Pay or follow this invoice/ }).getAttribute("href")).toBe("/dashboard/transfer/crypto/inv-1");
    expect(within(settled!).getByRole("link", { name: /See this invoice/ }).getAttribute("href")).toBe("/dashboard/transfer/crypto/inv-2");
    expect(within(settled!).getByTestId("deposit-credited").textContent).toBe("$250.00");
    expect(within(pending!).queryByRole("link")).toBeNull();
  });
});
