import { useEffect, useSyncExternalStore } from "react";
import { apiRequest } from "../../../lib/api.js";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin" | string;
}

export interface CurrentSession {
  user: SessionUser;
  session: { id: string };
}

interface SessionResponse {
  user: SessionUser & { role?: string | null };
  session: { id: string };
}

type State = { status: "loading" } | { status: "ready"; current: CurrentSession | null };

/*
 * Who is signed in is app-wide state, kept in this small store rather than a query library so the
 * public pages' bundle stays small. The server render and the hydrating render both see "loading".
 */
const LOADING: State = { status: "loading" };
let state: State = LOADING;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchSession(): Promise<CurrentSession | null> {
  const result = await apiRequest<SessionResponse | null>("/api/auth/get-session");
  if (!result?.user) return null;
  const { id, name, email, role } = result.user;
  return { user: { id, name, email, role: role ?? "user" }, session: { id: result.session.id } };
}

/** Asks the server again (after sign-in, a profile change or a password change). */
export function refreshSession(): Promise<void> {
  inflight ??= fetchSession()
    .then(
      (current) => set({ status: "ready", current }),
      (error: unknown) => {
        console.error("Could not load the session", error);
        set({ status: "ready", current: null });
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentUserId(): string | null | undefined {
  return state.status === "ready" ? (state.current?.user.id ?? null) : undefined;
}

/** `user` is undefined while loading, null when signed out. */
export function useSession() {
  const snapshot = useSyncExternalStore(subscribeSession, () => state, () => LOADING);
  useEffect(() => {
    if (state.status === "loading") void refreshSession();
  }, []);
  if (snapshot.status === "loading") return { user: undefined, session: undefined, loading: true };
  return { user: snapshot.current?.user ?? null, session: snapshot.current?.session, loading: false };
}

export function signIn(input: { email: string; password: string; rememberMe: boolean }) {
  return apiRequest<unknown>("/api/auth/sign-in/email", { body: input });
}

export function signUp(input: { name: string; email: string; password: string; ref?: string }) {
  return apiRequest<unknown>("/api/auth/sign-up/email", { body: input });
}

export async function signOut(): Promise<void> {
  try {
    await apiRequest<unknown>("/api/auth/sign-out", { body: {} });
  } finally {
    // Whatever the server said, this browser treats itself as signed out.
    set({ status: "ready", current: null });
  }
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>("/api/auth/reset-password", { body: { token, newPassword } });
}
