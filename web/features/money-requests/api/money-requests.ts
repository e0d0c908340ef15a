import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { CreateMoneyRequestInput, MoneyRequestDto, PayMoneyRequestInput } from "#shared/schemas/money-requests.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

/** Requests the caller made and requests made to the caller, newest first. */
export function useMoneyRequests() {
  return useQuery({
    queryKey: MONEY_OUT_KEYS.moneyRequests,
    queryFn: () => apiRequest<ListOf<MoneyRequestDto>>("/api/money-requests"),
    // A new request to you, or an answer to yours, arrives without a reload.
    refetchInterval: 30_000,
  });
}

export function useCreateMoneyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateMoneyRequestInput; idempotencyKey: string }) =>
      apiRequest<MoneyRequestDto>("/api/money-requests", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () => invalidateMoneyOut(client),
  });
}

export type RequestAnswer = { kind: "pay"; id: string; idempotencyKey: string; twoFactorCode?: string } | { kind: "decline"; id: string };

function answer(decision: RequestAnswer): Promise<MoneyRequestDto> {
  const path = `/api/money-requests/${encodeURIComponent(decision.id)}/${decision.kind}`;
  // Paying moves money, so a retried click must not pay twice; declining moves nothing.
  const headers = decision.kind === "pay" ? { [IDEMPOTENCY_HEADER]: decision.idempotencyKey } : undefined;
  const body: PayMoneyRequestInput = decision.kind === "pay" && decision.twoFactorCode ? { twoFactorCode: decision.twoFactorCode } : {};
  return apiRequest<MoneyRequestDto>(path, { method: "POST", body, headers });
}

export function useAnswerMoneyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answer,
    // After a 409 too: the request was answered elsewhere and the list is stale.
    onSettled: () => invalidateMoneyOut(client),
  });
}
