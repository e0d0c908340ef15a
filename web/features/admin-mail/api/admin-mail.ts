import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminMailDto } from "#shared/schemas/admin-mail.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import { apiRequest } from "#web/lib/api.js";

export const ADMIN_MAIL_PATH = "/api/admin/mail";
const MAIL_KEY = ["admin-mail"] as const;

/** One page of stored e-mail; `query` is the list's state (dead messages unless it asks for another status). */
export const useAdminMail = (query: string) => useListQuery<AdminMailDto>(MAIL_KEY, ADMIN_MAIL_PATH, query);

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      apiRequest<AdminMailDto>(`${ADMIN_MAIL_PATH}/${encodeURIComponent(id)}/retry`, { method: "POST", headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // After a 409 too: another operator retried it, so the list is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}
