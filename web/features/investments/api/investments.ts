import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanDto } from "#shared/plans.js";
import type { CreateInvestmentInput, EarlyWithdrawalDto, EarlyWithdrawalPreviewDto, InvestmentDto, UpdateInvestmentInput } from "#shared/schemas/investments.js";
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

const investmentPath = (id: string) => `/api/investments/${encodeURIComponent(id)}`;

/** Changes what happens at maturity; the list is read again either way (a 409 means it was out of date). */
export function useChangeInstruction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateInvestmentInput }) => apiRequest<InvestmentDto>(investmentPath(id), { method: "PATCH", body: input }),
    onSuccess: (saved) =>
      client.setQueryData<ListOf<InvestmentDto>>(ACCOUNT_KEYS.investments, (old) => old && { ...old, items: old.items.map((row) => (row.id === saved.id ? saved : row)) }),
    onSettled: () => client.invalidateQueries({ queryKey: ACCOUNT_KEYS.investments }),
  });
}

/**
 * What withdrawing now would pay, read fresh each time the dialog opens and never kept after it
 * closes. Its key is outside the investments' own, so refreshing the list after the withdrawal
 * does not ask for a preview of an investment that has just ended.
 */
export function useEarlyWithdrawalPreview(id: string) {
  return useQuery({
    queryKey: ["early-withdrawal-preview", id],
    queryFn: () => apiRequest<EarlyWithdrawalPreviewDto>(`${investmentPath(id)}/early-withdrawal`),
    staleTime: 0,
    gcTime: 0,
    // A refusal (409: settled, due, not allowed) is the answer; asking again would not change it.
    retry: false,
  });
}

/** Withdraws an investment early; the key comes from the dialog, so a second press or a retry records it once. */
export function useWithdrawEarly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      apiRequest<EarlyWithdrawalDto>(`${investmentPath(id)}/early-withdrawal`, { method: "POST", headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // The figures, the investments and the history all change; after a refusal they were out of date.
    onSettled: () => invalidateAccount(client),
  });
}
