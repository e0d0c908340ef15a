import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYOUT_NETWORK_FEE_POLICY } from "#shared/schemas/payouts.js";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { BootstrapProvider } from "#web/lib/bootstrap.js";
import { testBootstrap } from "../test-payouts.js";
import type { PayoutAddresses } from "./payout-address-field.js";
import { SendMoneyForm, type TransferSender } from "./send-money-form.js";

vi.mock("#web/lib/session.js", () => ({ useSession: () => ({ user: { id: "u-1", twoFactorEnabled: false }, session: {}, loading: false }) }));

const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const TRANSFER: TransferSender = { preview: vi.fn(), send: vi.fn(), previewing: false, sending: false };
const address = (changes: Partial<WithdrawalAddressDto>): WithdrawalAddressDto => ({
  id: "a-1",
  address: WALLET,
  label: "Cold storage",
  status: "usable",
  confirmedAt: "2026-01-04T10:00:00.000Z",
  usableFrom: "2026-01-05T10:00:00.000Z",
  confirmExpiresAt: null,
  createdAt: "2026-01-04T09:00:00.000Z",
  ...changes,
});
const listed = (...items: WithdrawalAddressDto[]): PayoutAddresses => ({ items, loading: false, failed: false, readAt: Date.parse("2026-01-05T12:00:00.000Z") });

function renderForm(inBitcoin: boolean, addresses: PayoutAddresses = listed(address({}))) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BootstrapProvider value={testBootstrap({ inBitcoin, sendHours: 48 })}>
          <SendMoneyForm transfer={TRANSFER} addresses={addresses} />
        </BootstrapProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("radio", { name: "Withdraw to a wallet" }));
}

/** A fake server: the balance, the payout's check (or `preview`, a refusal), and `quote` for the bitcoin estimate. */
function serve(quote: Response, preview?: Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      if (url === "/api/payouts/preview") return preview ?? json(200, JSON.parse(String(init?.body)));
      if (url.startsWith("/api/payouts/quote")) return quote;
      return json(200, { mainBalanceCents: 1_000_000 });
    }),
  );
  return urls;
}

/** The form in the given mode, filled in for a $650.00 withdrawal and sent to its review. */
function fillWithdrawal() {
  fireEvent.change(screen.getByLabelText(/Recipient \(wallet address\)/), { target: { value: WALLET } });
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: "650" } });
  fireEvent.click(screen.getByRole("button", { name: "Confirm Transaction" }));
}

async function reviewWithdrawal(inBitcoin: boolean) {
  renderForm(inBitcoin);
  fillWithdrawal();
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

describe("SendMoneyForm: where a withdrawal goes", () => {
  it("offers only the usable addresses of the list, by label and address", () => {
    serve(json(200, { estimate: false, message: "not priced" }));
    renderForm(false, listed(address({}), address({ id: "a-2", label: "New one", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", status: "waiting" })));
    const select = screen.getByLabelText(/Recipient \(wallet address\)/) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Choose a wallet", `Cold storage — ${WALLET}`]);
    expect(screen.getByRole("link", { name: "Add or remove addresses in Settings" }).getAttribute("href")).toBe("/dashboard/settings#withdrawal-addresses");
  });

  it("with none usable says so, shows when the waiting ones can be used, and cannot be sent", () => {
    serve(json(200, { estimate: false, message: "not priced" }));
    renderForm(false, listed(address({ status: "waiting", usableFrom: "2026-01-06T10:00:00.000Z" })));
    expect(screen.queryByLabelText(/Recipient \(wallet address\)/)).toBeNull();
    const none = within(screen.getByTestId("no-usable-address"));
    expect(none.getByText("You have no withdrawal address that can be used yet.")).toBeTruthy();
    expect(none.getByText(/^Confirmed; payouts can go to it from 6 Jan 2026/)).toBeTruthy();
    expect(none.getByRole("link", { name: "Manage withdrawal addresses" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Confirm Transaction" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows ADDRESS_NOT_ALLOWED on the address field and opens no review", async () => {
    const message = "This address is not on your list of withdrawal addresses. Add it in Settings (/dashboard/settings#withdrawal-addresses) and confirm it.";
    serve(json(200, { estimate: false, message: "not priced" }), json(403, { error: { code: "ADDRESS_NOT_ALLOWED", message, fields: { walletAddress: message } } }));
    renderForm(false);
    fillWithdrawal();
    const select = screen.getByLabelText(/Recipient \(wallet address\)/);
    await vi.waitFor(() => expect(select.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByTestId("send-money-review")).toBeNull();
  });
});
