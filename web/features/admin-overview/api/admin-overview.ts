import { useQuery } from "@tanstack/react-query";
import type { AdminOverviewDto } from "#shared/schemas/admin-overview.js";
import { apiRequest } from "#web/lib/api.js";

/** The overview, read again each minute while the screen is open (the server reads every figure afresh). */
export function useAdminOverview() {
  return useQuery({
    queryKey: ["admin", "overview"],
    queryFn: () => apiRequest<AdminOverviewDto>("/api/admin/overview"),
    refetchInterval: 60_000,
  });
}
