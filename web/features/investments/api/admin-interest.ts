import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { newIdempotencyKey } from "#web/lib/idempotency.js";
import { invalidateAccount } from "#web/lib/query-keys.js";

import type { CreditInterestResult, UserSummary } from "#shared/schemas/admin.js";

export type { CreditInterestResult, UserSummary };

/** Each press is its own action with its own key: a second press asks again and finds nothing more due. */
export function useCreditInterest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<CreditInterestResult>(`/api/admin/users/${encodeURIComponent(userId)}/credit-interest`, {
        method: "POST",
        body: {},
        headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      }),
    // The operator may have credited their own account.
    onSuccess: () => invalidateAccount(client),
  });
}

/** Accounts by a fragment of the e-mail or name, newest first; `null` asks nothing. */
export function useUserSearch(query: string | null) {
  return useQuery({
    queryKey: ["admin", "users", query],
    queryFn: () => apiRequest<{ users: UserSummary[] }>(`/api/admin/users?q=${encodeURIComponent(query ?? "")}`),
    enabled: query !== null,
  });
}
