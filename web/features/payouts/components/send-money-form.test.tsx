import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYOUT_NETWORK_FEE_POLICY } from "#shared/schemas/payouts.js";
import { BootstrapProvider } from "#web/lib/bootstrap.js";
import { testBootstrap } from "../test-payouts.js";
import { SendMoneyForm, type TransferSender } from "./send-money-form.js";

vi.mock("#web/lib/session.js", () => ({ useSession: () => ({ user: { id: "u-1", twoFactorEnabled: false }, session: {}, loading: false }) }));

const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const TRANSFER: TransferSender = { preview: vi.fn(), send: vi.fn(), previewing: false, sending: false };

/** A fake server: the balance, the payout's check, and `quote` for the bitcoin estimate. */
function serve(quote: Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      if (url === "/api/payouts/preview") return json(200, JSON.parse(String(init?.body)));
      if (url.startsWith("/api/payouts/quote")) return quote;
      return json(200, { mainBalanceCents: 1_000_000 });
    }),
  );
  return urls;
}

/** The form in the given mode, filled in for a $650.00 withdrawal and sent to its review. */
async function reviewWithdrawal(inBitcoin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BootstrapProvider value={testBootstrap({ inBitcoin, sendHours: 48 })}>
        <SendMoneyForm transfer={TRANSFER} />
      </BootstrapProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("radio", { name: "Withdraw to a wallet" }));
  fireEvent.change(screen.getByLabelText(/Recipient \(wallet address\)/), { target: { value: WALLET } });
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: "650" } });
  fireEvent.change(screen.getByLabelText(/^Wallet address/), { target: { value: WALLET } });
  fireEvent.click(screen.getByRole("button", { name: "Confirm Transaction" }));
  return within(await screen.findByTestId("send-money-review"));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SendMoneyForm: a withdrawal's review in bitcoin terms", () => {
  it("in automatic mode shows the estimate at the current rate, when it is sent and who pays the network fee", async () => {
    const urls = serve(json(200, { amountBtc: "0.01000000", rateUsd: "65000.00", estimate: true }));
    const review = await reviewWithdrawal(true);
    expect(review.getByTestId("payout-estimate").textContent).toBe(
      "≈ 0.01000000 BTC at the current rate of $65,000.00 per bitcoin; the rate is fixed when our team approves the withdrawal.",
    );
    expect(review.getByText("Within 48 hours of your request.")).toBeTruthy();
    expect(review.getByText(PAYOUT_NETWORK_FEE_POLICY)).toBeTruthy();
    expect(urls).toContain("/api/payouts/quote?amountCents=65000");
  });

  it("says in words when no rate can be had, and still lets the investor confirm", async () => {
    const message = "We cannot price bitcoin right now: the exchanges we take the rate from disagree by more than 1 %. Please try again in a minute.";
    serve(json(503, { error: { code: "RATE_UNAVAILABLE", message } }));
    const review = await reviewWithdrawal(true);
    expect(review.getByTestId("payout-estimate").textContent).toBe(`${message} The rate is fixed when our team approves the withdrawal.`);
    expect(review.getByText(PAYOUT_NETWORK_FEE_POLICY)).toBeTruthy();
    expect((review.getByRole("button", { name: "Confirm and send" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("in manual mode asks for no estimate and shows the review as before", async () => {
    const urls = serve(json(200, { estimate: false, message: "not priced" }));
    const review = await reviewWithdrawal(false);
    expect(review.queryByTestId("payout-estimate")).toBeNull();
    expect(review.queryByText(/Within 48 hours/)).toBeNull();
    expect(review.queryByText(PAYOUT_NETWORK_FEE_POLICY)).toBeNull();
    expect(urls.some((url) => url.startsWith("/api/payouts/quote"))).toBe(false);
  });
});
