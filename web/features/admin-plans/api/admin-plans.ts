import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanInput } from "#shared/schemas/investments.js";
import type { AdminPlanDto } from "#shared/schemas/plans.js";
import { apiRequest } from "#web/lib/api.js";
import { PLANS_KEY } from "#web/lib/query-keys.js";

export type { AdminPlanDto };

const ADMIN_PLANS_KEY = ["admin", "plans"] as const;

export function useAdminPlans() {
  return useQuery({ queryKey: ADMIN_PLANS_KEY, queryFn: () => apiRequest<{ plans: AdminPlanDto[] }>("/api/admin/plans") });
}

export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlanInput }) => apiRequest<AdminPlanDto>(`/api/admin/plans/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
    onSuccess: (plan) => {
      client.setQueryData<{ plans: AdminPlanDto[] }>(ADMIN_PLANS_KEY, (old) => old && { plans: old.plans.map((row) => (row.id === plan.id ? plan : row)) });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }), client.invalidateQueries({ queryKey: PLANS_KEY })]),
  });
}
