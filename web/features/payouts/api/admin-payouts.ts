import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { AdminPayoutDto, PayoutDto } from "#shared/schemas/payouts.js";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_PAYOUTS_PATH = "/api/admin/payouts";

/** One page of the operator's payouts; `query` is the list's state (sort, filters, the page's cursor). */
export const useAdminPayouts = (query: string) => useListQuery<AdminPayoutDto>(MONEY_OUT_KEYS.adminPayouts, ADMIN_PAYOUTS_PATH, query);

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
