import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanDto } from "#shared/plans.js";
import type { CreateInvestmentInput, InvestmentDto } from "#shared/schemas/investments.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS, invalidateAccount, PLANS_KEY } from "#web/lib/query-keys.js";

/** The open plans, fetched fresh: an operator may have changed them since the page's bootstrap was rendered. */
export function usePlans() {
  return useQuery({ queryKey: PLANS_KEY, queryFn: () => apiRequest<ListOf<PlanDto>>("/api/plans") });
}

export function useMyInvestments() {
  return useQuery({ queryKey: ACCOUNT_KEYS.investments, queryFn: () => apiRequest<ListOf<InvestmentDto>>("/api/investments") });
}

export function useCreateInvestment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateInvestmentInput; idempotencyKey: string }) =>
      apiRequest<InvestmentDto>("/api/investments", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // After a refusal too: a 409 means the balance on screen was out of date.
    onSettled: () => invalidateAccount(client),
  });
}
