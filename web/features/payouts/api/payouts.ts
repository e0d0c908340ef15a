import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "../../../../shared/schemas/money.js";
import type { CreatePayoutInput, PayoutDto } from "../../../../shared/schemas/payouts.js";
import { apiRequest } from "../../../lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "./keys.js";

export function useMyPayouts() {
  return useQuery({
    queryKey: MONEY_OUT_KEYS.payouts,
    queryFn: () => apiRequest<{ payouts: PayoutDto[] }>("/api/payouts"),
    // An operator pays or rejects a payout elsewhere; pick that up without a reload.
    refetchInterval: 30_000,
  });
}

export function useCreatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreatePayoutInput; idempotencyKey: string }) =>
      apiRequest<PayoutDto>("/api/payouts", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // After a refusal too: a 409 means the balance on screen was out of date.
    onSettled: () => invalidateMoneyOut(client),
  });
}
