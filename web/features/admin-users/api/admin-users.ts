import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import type { AdminUserDetail, AdminUserProfile, AdminUserRow, ChangeRoleInput } from "#shared/schemas/admin-users.js";
import { apiRequest } from "#web/lib/api.js";

export const ADMIN_USERS_PATH = "/api/admin/users";
const USERS_KEY = ["admin", "users"] as const;

const userPath = (id: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(id)}`;

/** One page of the users table; `query` is the list's state (sort, filters, the page's cursor). The old page stays while the next loads. */
export const useAdminUsers = (query: string) => useListQuery<AdminUserRow>([...USERS_KEY, "list"], ADMIN_USERS_PATH, query);

export function useAdminUser(id: string) {
  return useQuery({ queryKey: [...USERS_KEY, id], queryFn: () => apiRequest<AdminUserDetail>(userPath(id)) });
}

/** The per-user lists of the detail screen: deposits, investments, payouts, … (one page each). */
export const USER_LISTS = ["deposits", "investments", "payouts", "transfers", "money-requests", "history", "sessions", "audit"] as const;
export type UserList = (typeof USER_LISTS)[number];

export const useUserList = <T,>(id: string, list: UserList, query: string) => useListQuery<T>([...USERS_KEY, id, list], `${userPath(id)}/${list}`, query);

export type UserAction = { kind: "ban" | "unban" | "approve-identity"; reason: string } | ({ kind: "role" } & ChangeRoleInput) | { kind: "revoke-session"; sessionId: string; reason: string };

function act(id: string, action: UserAction): Promise<unknown> {
  if (action.kind === "revoke-session") {
    return apiRequest(`${userPath(id)}/sessions/${encodeURIComponent(action.sessionId)}/revoke`, { body: { reason: action.reason } });
  }
  const body = action.kind === "role" ? { role: action.role, reason: action.reason } : { reason: action.reason };
  if (action.kind === "approve-identity") return apiRequest(`${userPath(id)}/identity/approve`, { body });
  return apiRequest<AdminUserProfile>(`${userPath(id)}/${action.kind}`, { body });
}

/** Ban, unban, change the role or end a session; afterwards everything shown about the user is read again. */
export function useUserAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => act(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
