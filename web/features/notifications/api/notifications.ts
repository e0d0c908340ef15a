import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { NotificationListDto } from "#shared/schemas/notifications.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

const KEY = ACCOUNT_KEYS.notifications;

export function useNotifications() {
  const client = useQueryClient();
  // Polled: a deposit confirmed by an operator should reach the bell without a reload.
  const query = useQuery({ queryKey: KEY, queryFn: () => apiRequest<NotificationListDto>("/api/notifications"), refetchInterval: 30_000 });

  // A new notification means something happened to the account (a deposit confirmed, say), so the
  // cards and lists on screen are refreshed too instead of contradicting the bell until a reload.
  const latest = query.data?.notifications.reduce((max, item) => (item.createdAt > max ? item.createdAt : max), "");
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current !== undefined && latest !== seen.current) {
      for (const queryKey of [ACCOUNT_KEYS.summary, ACCOUNT_KEYS.deposits, ACCOUNT_KEYS.investments, ACCOUNT_KEYS.history]) void client.invalidateQueries({ queryKey });
    }
    seen.current = latest;
  }, [latest, client]);

  return query;
}

function markLocally(list: NotificationListDto | undefined, id: string | null): NotificationListDto | undefined {
  if (!list) return list;
  const now = new Date().toISOString();
  const notifications = list.notifications.map((item) => (item.readAt || (id !== null && item.id !== id) ? item : { ...item, readAt: now }));
  return { notifications, unread: notifications.filter((item) => !item.readAt).length };
}

/** `id` marks one, `null` marks all. The badge changes at once; the refetch afterwards settles it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiRequest<unknown>(id === null ? "/api/notifications/read-all" : `/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST", body: {} }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: KEY });
      client.setQueryData<NotificationListDto>(KEY, (old) => markLocally(old, id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
