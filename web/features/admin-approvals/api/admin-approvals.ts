import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalDto } from "#shared/schemas/approvals.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { ADMIN_KEYS, invalidateAccount, PLANS_KEY } from "#web/lib/query-keys.js";

const APPROVALS_PATH = "/api/admin/approvals";

export type ApprovalStatus = ApprovalDto["status"];

/** The requests in one state, newest first: pending ones wait for a second admin. */
export function useApprovals(status: ApprovalStatus, enabled = true) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.approvals, status],
    queryFn: () => apiRequest<ListOf<ApprovalDto>>(`${APPROVALS_PATH}?status=${status}`),
    enabled,
    // Another admin's request arrives without a reload.
    refetchInterval: status === "pending" ? 60_000 : false,
  });
}

export type ApprovalDecision = { kind: "approve"; id: string; idempotencyKey: string } | { kind: "reject"; id: string; reason: string; idempotencyKey: string };

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApprovalDecision) =>
      apiRequest<ApprovalDto>(`${APPROVALS_PATH}/${encodeURIComponent(decision.id)}/${decision.kind}`, {
        body: decision.kind === "reject" ? { reason: decision.reason } : {},
        headers: { [IDEMPOTENCY_HEADER]: decision.idempotencyKey },
      }),
    // Approving credits a deposit, grants a role or changes a plan: whatever shows those is read again. After a 409 too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ADMIN_KEYS.approvals }),
        client.invalidateQueries({ queryKey: PLANS_KEY }),
        client.invalidateQueries({ queryKey: ["admin"] }),
        invalidateAccount(client),
      ]),
  });
}
