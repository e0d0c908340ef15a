import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import type { ContactInboxDto, ContactMessageDto } from "#shared/schemas/contact-inbox.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";
import { ADMIN_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_MESSAGES_PATH = "/api/admin/messages";

/** One page of the inbox; `query` is the list's state (status, sort, the page's cursor). */
export const useAdminMessages = (query: string) => useListQuery<ContactMessageDto>(ADMIN_KEYS.messages, ADMIN_MESSAGES_PATH, query);

/** The menu's badge: how many messages are new. One row is asked for; the total is the count. */
export function useNewMessageCount(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.messages, "new-count"],
    queryFn: async () => (await apiRequest<ContactInboxDto>(`${ADMIN_MESSAGES_PATH}?status=new&limit=1`)).total,
    enabled,
    refetchInterval: 60_000,
  });
}

export type MessageAction = { kind: "reply"; id: string; text: string; idempotencyKey: string } | { kind: "archive"; id: string };

export function useMessageAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: MessageAction) =>
      action.kind === "reply"
        ? apiRequest<ContactMessageDto>(`${ADMIN_MESSAGES_PATH}/${encodeURIComponent(action.id)}/reply`, {
            body: { text: action.text },
            headers: { [IDEMPOTENCY_HEADER]: action.idempotencyKey },
          })
        : apiRequest<ContactMessageDto>(`${ADMIN_MESSAGES_PATH}/${encodeURIComponent(action.id)}/archive`, { body: {} }),
    // Also after a 409: another operator answered or archived it, so the list is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.messages }),
  });
}
