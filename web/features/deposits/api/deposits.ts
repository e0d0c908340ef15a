import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Coin, CreateDepositInput, CryptoAddressDto, DepositDto, DepositOptionsDto } from "#shared/schemas/deposits.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
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

export function useMyDeposits() {
  return useQuery({ queryKey: ACCOUNT_KEYS.deposits, queryFn: () => apiRequest<{ deposits: DepositDto[] }>("/api/deposits") });
}

export function useCreateDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateDepositInput; idempotencyKey: string }) =>
      apiRequest<DepositDto>("/api/deposits", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () => invalidateAccount(client),
  });
}
