import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { BELL_PAGE_SIZE, type NotificationListDto } from "#shared/schemas/notifications.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

/** Every page of the list lives under this prefix, so one invalidation refreshes the bell and the page. */
const KEY = ACCOUNT_KEYS.notifications;

const fetchPage = (cursor: string | undefined, limit: number) =>
  apiRequest<NotificationListDto>(`/api/notifications?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`);

/** The bell: the newest few, polled, and the unread count of them all. */
export function useNotifications() {
  const client = useQueryClient();
  // Polled: a deposit confirmed by an operator should reach the bell without a reload.
  const query = useQuery({ queryKey: [...KEY, "", BELL_PAGE_SIZE], queryFn: () => fetchPage(undefined, BELL_PAGE_SIZE), refetchInterval: 30_000 });

  // A new notification means something happened to the account (a deposit confirmed, say), so the
  // cards and lists on screen are refreshed too instead of contradicting the bell until a reload.
  const latest = query.data?.items.reduce((max, item) => (item.createdAt > max ? item.createdAt : max), "");
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current !== undefined && latest !== seen.current) {
      for (const queryKey of [ACCOUNT_KEYS.summary, ACCOUNT_KEYS.deposits, ACCOUNT_KEYS.investments, ACCOUNT_KEYS.history, KEY]) void client.invalidateQueries({ queryKey });
    }
    seen.current = latest;
  }, [latest, client]);

  return query;
}

/** One page of /dashboard/notifications, after `cursor`; the previous page stays on screen while the next loads. */
export function useNotificationPage(cursor: string | undefined, limit: number) {
  return useQuery({ queryKey: [...KEY, cursor ?? "", limit], queryFn: () => fetchPage(cursor, limit), placeholderData: keepPreviousData });
}

function markLocally(list: NotificationListDto | undefined, id: string | null): NotificationListDto | undefined {
  if (!list) return list;
  const now = new Date().toISOString();
  // The one being marked may sit on another page: the count drops only if this page shows it unread.
  const wasUnread = id !== null && list.items.some((item) => item.id === id && !item.readAt);
  const items = list.items.map((item) => (item.readAt || (id !== null && item.id !== id) ? item : { ...item, readAt: now }));
  return { ...list, items, unread: id === null ? 0 : Math.max(0, list.unread - (wasUnread ? 1 : 0)) };
}

/** `id` marks one, `null` marks all (on every page). The badge changes at once; the refetch afterwards settles it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiRequest<unknown>(id === null ? "/api/notifications/read-all" : `/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST", body: {} }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: KEY });
      client.setQueriesData<NotificationListDto>({ queryKey: KEY }, (old) => markLocally(old, id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
