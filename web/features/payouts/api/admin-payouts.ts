import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { AdminPayoutDto, PayoutDto } from "#shared/schemas/payouts.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

const PENDING_KEY = [...MONEY_OUT_KEYS.adminPayouts, "pending"] as const;

/** Payouts waiting to be sent, oldest first (the server's order). */
export function usePendingPayouts() {
  return useQuery({ queryKey: PENDING_KEY, queryFn: () => apiRequest<{ payouts: AdminPayoutDto[] }>("/api/admin/payouts") });
}

export type PayoutDecision =
  | { kind: "mark-paid"; id: string; txId: string; idempotencyKey: string }
  | { kind: "reject"; id: string; reason: string; idempotencyKey: string };

function decide(decision: PayoutDecision): Promise<PayoutDto> {
  const path = `/api/admin/payouts/${encodeURIComponent(decision.id)}/${decision.kind}`;
  const body = decision.kind === "mark-paid" ? { txId: decision.txId } : { reason: decision.reason };
  return apiRequest<PayoutDto>(path, { body, headers: { [IDEMPOTENCY_HEADER]: decision.idempotencyKey } });
}

export function useDecidePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: (payout) => {
      // Take the row away at once; the refetch below only confirms it.
      client.setQueryData<{ payouts: AdminPayoutDto[] }>(PENDING_KEY, (old) => old && { payouts: old.payouts.filter((row) => row.id !== payout.id) });
    },
    // Also after a 409: another operator decided it, so the list is stale either way.
    onSettled: () => invalidateMoneyOut(client),
  });
}
