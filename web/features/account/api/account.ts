import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api.js";
import { refreshSession } from "#web/lib/session.js";

/** One of the caller's sessions as the server lists it: named by its id, never its token. */
export interface ActiveSession {
  id: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
}

const SESSIONS_KEY = ["account", "sessions"] as const;

export function useActiveSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest<ActiveSession[]>("/api/auth/list-sessions") });
}

export function useUpdateName() {
  return useMutation({
    mutationFn: (name: string) => apiRequest("/api/auth/update-user", { body: { name } }),
    onSuccess: () => refreshSession(),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest("/api/auth/change-password", { body: { ...input, revokeOtherSessions: true } }),
    // Revoking the other sessions also replaces this one, so the current session id changes too.
    onSuccess: () => Promise.all([refreshSession(), client.invalidateQueries({ queryKey: SESSIONS_KEY })]),
  });
}

/** Signing a session out takes the current password: a session left open must not end the owner's others. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string; password: string }) => apiRequest("/api/auth/revoke-session", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string }) => apiRequest("/api/auth/revoke-other-sessions", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
