import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BankReferenceDto, Coin, CreateDepositInput, CryptoAddressDto, DepositDto, DepositOptionsDto } from "#shared/schemas/deposits.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { ApiError, apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS, invalidateAccount } from "#web/lib/query-keys.js";

export function useDepositOptions() {
  // Limits and bank details change only when the operator redeploys; no need to refetch on every visit.
  return useQuery({ queryKey: ["deposits", "options"], queryFn: () => apiRequest<DepositOptionsDto>("/api/deposits/options"), staleTime: 5 * 60_000 });
}

export function useCryptoAddress(coin: Coin | null) {
  return useQuery({
    queryKey: ["deposits", "crypto-address", coin],
    queryFn: () => apiRequest<CryptoAddressDto>(`/api/deposits/crypto-address?coin=${encodeURIComponent(coin ?? "")}`),
    enabled: coin !== null,
    staleTime: Infinity,
  });
}

const BANK_REFERENCE_KEY = ["deposits", "bank-reference"] as const;

/** The reference to quote on the next bank transfer; the same one until a bank deposit uses it. */
export function useBankReference() {
  return useQuery({ queryKey: BANK_REFERENCE_KEY, queryFn: () => apiRequest<BankReferenceDto>("/api/deposits/bank-reference"), staleTime: Infinity });
}

export function useMyDeposits() {
  return useQuery({ queryKey: ACCOUNT_KEYS.deposits, queryFn: () => apiRequest<ListOf<DepositDto>>("/api/deposits") });
}

/** An invoice (automatic mode) carries what to pay in bitcoin; a deposit an operator confirms does not. */
export function isInvoice(deposit: DepositDto): deposit is DepositDto & Required<Pick<DepositDto, "amountBtc" | "rateUsd" | "bip21" | "requiredConfirmations">> {
  return deposit.bip21 !== undefined && deposit.amountBtc !== undefined && deposit.rateUsd !== undefined;
}

/** Seconds between two readings of an open invoice: the watcher polls the chain about as often. */
export const INVOICE_POLL_MS = 5_000;

/** An invoice still changes while it is `new` or `processing`; afterwards only an operator moves it. */
export function isOpenInvoice(deposit: DepositDto | undefined): boolean {
  return deposit?.status === "new" || deposit?.status === "processing";
}

/** One of the caller's deposits; an open invoice is read again every few seconds, a finished one never. */
export function useDeposit(id: string) {
  return useQuery({
    queryKey: [...ACCOUNT_KEYS.deposits, id],
    queryFn: () => apiRequest<DepositDto>(`/api/deposits/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (isOpenInvoice(query.state.data) ? INVOICE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useCreateDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateDepositInput; idempotencyKey: string }) =>
      apiRequest<DepositDto>("/api/deposits", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: (deposit, error, { input }) => {
      // A bank deposit used the reference up (here, or in another tab: the 409): the next transfer
      // gets a new one. Reset, not invalidated, so the used one is never on screen while it loads.
      const used = deposit !== undefined || (error instanceof ApiError && error.status === 409);
      if (input.method === "bank" && used) void client.resetQueries({ queryKey: BANK_REFERENCE_KEY });
      return invalidateAccount(client);
    },
  });
}
