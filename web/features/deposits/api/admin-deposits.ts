import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PendingApprovalDto } from "#shared/schemas/approvals.js";
import type { AdminDepositDto, DepositDto, InvoiceCreditOptionsDto, InvoiceCreditRate } from "#shared/schemas/deposits.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS, invalidateAccount } from "#web/lib/query-keys.js";

export const ADMIN_DEPOSITS_PATH = "/api/admin/deposits";

/** One page of the operator's deposits; `query` is the list's state (sort, filters, the page's cursor). */
export const useAdminDeposits = (query: string) => useListQuery<AdminDepositDto>(ACCOUNT_KEYS.adminDeposits, ADMIN_DEPOSITS_PATH, query);

export type DepositDecision =
  | { kind: "confirm"; id: string; receivedCents?: number; txId?: string; reason?: string; rate?: InvoiceCreditRate; idempotencyKey: string }
  | { kind: "reject"; id: string; reason: string; refundTxId?: string; idempotencyKey: string };

/** A confirmation above the declared amount is not made yet: it waits for a second admin (202, `pendingApproval`). */
function decide(decision: DepositDecision): Promise<DepositDto | PendingApprovalDto> {
  const headers = { [IDEMPOTENCY_HEADER]: decision.idempotencyKey };
  const path = `/api/admin/deposits/${encodeURIComponent(decision.id)}/${decision.kind}`;
  const body =
    decision.kind === "confirm"
      ? { receivedCents: decision.receivedCents, txId: decision.txId, reason: decision.reason, rate: decision.rate }
      : { reason: decision.reason, refundTxId: decision.refundTxId };
  return apiRequest<DepositDto | PendingApprovalDto>(path, { body, headers });
}

export function useDecideDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // Also after a 409: someone else decided it, so the list is stale either way.
    onSettled: () => invalidateAccount(client),
  });
}

/** What crediting an expired invoice would credit at each rate; asked again each time the panel opens (the current rate moves). */
export function useInvoiceCreditOptions(id: string) {
  return useQuery({
    queryKey: [...ACCOUNT_KEYS.adminDeposits, id, "credit-options"],
    queryFn: () => apiRequest<InvoiceCreditOptionsDto>(`${ADMIN_DEPOSITS_PATH}/${encodeURIComponent(id)}/credit-options`),
    staleTime: 0,
  });
}
