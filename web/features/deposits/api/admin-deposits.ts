import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminDepositDto, DepositDto } from "#shared/schemas/deposits.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS, invalidateAccount } from "#web/lib/query-keys.js";

const PENDING_KEY = [...ACCOUNT_KEYS.adminDeposits, "pending"] as const;

export function usePendingDeposits() {
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => apiRequest<{ deposits: AdminDepositDto[] }>("/api/admin/deposits?status=pending"),
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
    onSuccess: (deposit) => {
      // Take the row away at once; the refetch below only confirms it.
      client.setQueryData<{ deposits: AdminDepositDto[] }>(PENDING_KEY, (old) => old && { deposits: old.deposits.filter((row) => row.id !== deposit.id) });
    },
    // Also after a 409: someone else decided it, so the list is stale either way.
    onSettled: () => invalidateAccount(client),
  });
}
