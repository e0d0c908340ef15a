import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DepositOptionsDto } from "#shared/schemas/deposits.js";
import { CryptoDepositForm } from "./crypto-deposit-form.js";

vi.mock("#web/lib/session.js", () => ({ useSession: () => ({ user: { id: "u-1" }, session: {}, loading: false }) }));

const OPTIONS: DepositOptionsDto = { minCents: 1_000, maxCents: 10_000_000, expiryDays: 7, banks: [], banksExample: false, cryptoInvoices: true };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(options: DepositOptionsDto) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/deposits/options") return json(200, options);
      if (url.startsWith("/api/deposits/crypto-address")) return json(200, { coin: "BTC", address: "bc1qshared", kind: "shared" });
      if (url === "/api/deposits" && init?.method === "POST") {
        posts.push(JSON.parse(String(init.body)));
        return json(201, { id: "inv-9", status: "new", amountBtc: "0.00100000", rateUsd: "65000.00", bip21: "bitcoin:bc1q?amount=0.001" });
      }
      return json(200, { items: [], nextCursor: null });
    }),
  );
  return posts;
}

function renderForm(initialAmount?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/dashboard/transfer/crypto"]}>
        <Routes>
          <Route path="/dashboard/transfer/crypto" element={<CryptoDepositForm initialAmount={initialAmount} />} />
          <Route path="/dashboard/transfer/crypto/:id" element={<p>invoice page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CryptoDepositForm", () => {
  it("in automatic mode asks only the amount, creates the invoice and opens its page", async () => {
    const posts = serve(OPTIONS);
    renderForm("65.00");
    const button = await screen.findByRole("button", { name: "Create invoice" });
    expect(screen.queryByRole("button", { name: /I've Sent the Funds/ })).toBeNull();
    expect(screen.queryByLabelText(/Transaction ID/)).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText("invoice page")).toBeTruthy();
    expect(posts).toEqual([{ method: "crypto", amountCents: 6_500, coin: "BTC" }]);
  });

  it("in manual mode keeps the address panel, the transaction id and I've Sent the Funds", async () => {
    serve({ ...OPTIONS, cryptoInvoices: false });
    renderForm();
    fireEvent.change(await screen.findByRole("combobox", { name: /Select Coin/ }), { target: { value: "BTC" } });
    expect(await screen.findByRole("button", { name: /I've Sent the Funds/ })).toBeTruthy();
    expect(screen.getByLabelText(/Transaction ID/)).toBeTruthy();
    expect(await screen.findByTestId("deposit-address")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create invoice" })).toBeNull();
  });
});
