import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page } from "#shared/schemas/admin-list.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { AdminPayoutDto, PayoutDto } from "#shared/schemas/payouts.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_PAYOUTS_PATH = "/api/admin/payouts";

/** One page of the operator's payouts; `query` is the list's URL state (page, sort, filters). The old page stays while the next loads. */
export function useAdminPayouts(query: string) {
  return useQuery({
    queryKey: [...MONEY_OUT_KEYS.adminPayouts, query],
    queryFn: () => apiRequest<Page<AdminPayoutDto>>(`${ADMIN_PAYOUTS_PATH}?${query}`),
    placeholderData: keepPreviousData,
  });
}

export type PayoutDecision =
  | { kind: "mark-paid"; id: string; txId: string; idempotencyKey: string }
  | { kind: "approve"; id: string; idempotencyKey: string }
  | { kind: "reject"; id: string; reason: string; idempotencyKey: string };

function decide(decision: PayoutDecision): Promise<PayoutDto> {
  const path = `${ADMIN_PAYOUTS_PATH}/${encodeURIComponent(decision.id)}/${decision.kind}`;
  const body = decision.kind === "mark-paid" ? { txId: decision.txId } : decision.kind === "reject" ? { reason: decision.reason } : {};
  return apiRequest<PayoutDto>(path, { body, headers: { [IDEMPOTENCY_HEADER]: decision.idempotencyKey } });
}

export function useDecidePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // Also after a 409: another operator decided it, so the list is stale either way.
    onSettled: () => invalidateMoneyOut(client),
  });
}
