import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.js";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin" | string;
}

interface SessionResponse {
  user: SessionUser & { role?: string | null };
  session: { id: string };
}

interface CurrentSession {
  user: SessionUser;
  session: { id: string };
}

export const SESSION_KEY = ["session"] as const;

async function fetchSession(): Promise<CurrentSession | null> {
  const result = await apiRequest<SessionResponse | null>("/api/auth/get-session");
  if (!result?.user) return null;
  const { id, name, email, role } = result.user;
  return { user: { id, name, email, role: role ?? "user" }, session: { id: result.session.id } };
}

/** `user` is undefined while loading, null when signed out. */
export function useSession() {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: 1 });
  const user = query.data === undefined ? undefined : (query.data?.user ?? null);
  return { user, session: query.data?.session, loading: query.isPending, error: query.error };
}

export function signIn(input: { email: string; password: string; rememberMe: boolean }) {
  return apiRequest<unknown>("/api/auth/sign-in/email", { body: input });
}

export function signUp(input: { name: string; email: string; password: string }) {
  return apiRequest<unknown>("/api/auth/sign-up/email", { body: input });
}

export function signOut() {
  return apiRequest<unknown>("/api/auth/sign-out", { body: {} });
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>("/api/auth/reset-password", { body: { token, newPassword } });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // Whatever the server said, nothing cached for this user may outlive the sign-out.
      client.clear();
      client.setQueryData(SESSION_KEY, null);
    },
  });
}
