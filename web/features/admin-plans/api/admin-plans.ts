import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PendingApprovalDto } from "#shared/schemas/approvals.js";
import type { PlanInput } from "#shared/schemas/investments.js";
import type { AdminPlanDto } from "#shared/schemas/plans.js";
import { apiRequest } from "#web/lib/api.js";
import { PLANS_KEY } from "#web/lib/query-keys.js";

export type { AdminPlanDto };

const ADMIN_PLANS_KEY = ["admin", "plans"] as const;

export function useAdminPlans() {
  return useQuery({ queryKey: ADMIN_PLANS_KEY, queryFn: () => apiRequest<ListOf<AdminPlanDto>>("/api/admin/plans") });
}

/** What saving a plan answers: the plan as saved, or (a new rate or term) the request waiting for a second admin. */
export type PlanSave = AdminPlanDto | PendingApprovalDto;

export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlanInput }) => apiRequest<PlanSave>(`/api/admin/plans/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
    onSuccess: (saved) => {
      if ("pendingApproval" in saved) return;
      client.setQueryData<ListOf<AdminPlanDto>>(ADMIN_PLANS_KEY, (old) => old && { ...old, items: old.items.map((row) => (row.id === saved.id ? saved : row)) });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }), client.invalidateQueries({ queryKey: PLANS_KEY })]),
  });
}
