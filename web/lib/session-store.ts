import type { CurrentSessionDto } from "#shared/schemas/auth.js";
import { apiRequest } from "./api.js";

/** What the server says about who is signed in (its contract: `currentSessionDto`). */
export type CurrentSession = NonNullable<CurrentSessionDto>;
export type SessionUser = CurrentSession["user"];

export type SessionState = { status: "loading" } | { status: "ready"; current: CurrentSession | null };

/*
 * Who is signed in is app-wide state, kept in this small store rather than a query library, and
 * apart from React: the public pages' plain scripts (web/public-entry.ts) read it without loading React.
 * The server render and the hydrating render both see "loading".
 */
export const LOADING: SessionState = { status: "loading" };
let state: SessionState = LOADING;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

export const sessionState = (): SessionState => state;

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function fetchSession(): Promise<CurrentSession | null> {
  return apiRequest<CurrentSessionDto>("/api/session");
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

/** Ends the session on the server; this browser counts as signed out whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest<unknown>("/api/auth/sign-out", { body: {} });
  } finally {
    // Whatever the server said, this browser treats itself as signed out.
    set({ status: "ready", current: null });
  }
}

