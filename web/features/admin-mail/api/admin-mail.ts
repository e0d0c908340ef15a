import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminMailDto, AdminMailListDto } from "#shared/schemas/admin-mail.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";

const DEAD_KEY = ["admin-mail", "dead"] as const;

/** E-mail given up on after a day of failed tries, newest first (the first hundred: more means the mail server needs fixing, not clicking). */
export function useDeadMail() {
  return useQuery({ queryKey: DEAD_KEY, queryFn: () => apiRequest<AdminMailListDto>("/api/admin/mail?status=dead&pageSize=100") });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      apiRequest<AdminMailDto>(`/api/admin/mail/${encodeURIComponent(id)}/retry`, { method: "POST", headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: (mail) => {
      // It is pending again: take it off the list at once; the refetch below only confirms it.
      client.setQueryData<AdminMailListDto>(DEAD_KEY, (old) => old && { ...old, mail: old.mail.filter((row) => row.id !== mail.id), total: old.total - 1 });
    },
    // After a 409 too: another operator retried it, so the list is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: DEAD_KEY }),
  });
}
