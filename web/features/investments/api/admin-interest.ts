import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateAccount } from "#web/lib/query-keys.js";

import type { CreditInterestResult } from "#shared/schemas/admin.js";

export type { CreditInterestResult };

/** The interest tool on a user's detail screen; the key comes from the form, so a retried press is one action. */
export function useCreditInterest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason, idempotencyKey }: { userId: string; reason: string; idempotencyKey: string }) =>
      apiRequest<CreditInterestResult>(`/api/admin/users/${encodeURIComponent(userId)}/credit-interest`, {
        method: "POST",
        body: { reason },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    // The user's figures and lists on the detail screen (and the operator's own, if it is theirs) changed.
    onSuccess: () => Promise.all([invalidateAccount(client), client.invalidateQueries({ queryKey: ["admin", "users"] })]),
  });
}
