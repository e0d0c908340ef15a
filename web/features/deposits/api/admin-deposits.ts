import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page } from "#shared/schemas/admin-list.js";
import type { AdminDepositDto, DepositDto } from "#shared/schemas/deposits.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS, invalidateAccount } from "#web/lib/query-keys.js";

export const ADMIN_DEPOSITS_PATH = "/api/admin/deposits";

/** One page of the operator's deposits; `query` is the list's URL state (page, sort, filters). The old page stays while the next loads. */
export function useAdminDeposits(query: string) {
  return useQuery({
    queryKey: [...ACCOUNT_KEYS.adminDeposits, query],
    queryFn: () => apiRequest<Page<AdminDepositDto>>(`${ADMIN_DEPOSITS_PATH}?${query}`),
    placeholderData: keepPreviousData,
  });
}

export type DepositDecision =
  | { kind: "confirm"; id: string; receivedCents?: number; txId?: string; idempotencyKey: string }
  | { kind: "reject"; id: string; reason: string; idempotencyKey: string };

function decide(decision: DepositDecision): Promise<DepositDto> {
  const headers = { [IDEMPOTENCY_HEADER]: decision.idempotencyKey };
  const path = `/api/admin/deposits/${encodeURIComponent(decision.id)}/${decision.kind}`;
  const body = decision.kind === "confirm" ? { receivedCents: decision.receivedCents, txId: decision.txId } : { reason: decision.reason };
  return apiRequest<DepositDto>(path, { body, headers });
}

export function useDecideDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // Also after a 409: someone else decided it, so the list is stale either way.
    onSettled: () => invalidateAccount(client),
  });
}
