import { useEffect, useSyncExternalStore } from "react";
import type { CurrentSessionDto } from "#shared/schemas/auth.js";
import { apiRequest } from "./api.js";

/** What the server says about who is signed in (its contract: `currentSessionDto`). */
export type CurrentSession = NonNullable<CurrentSessionDto>;
export type SessionUser = CurrentSession["user"];

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

/** `user` is undefined while loading, null when signed out. */
export function useSession() {
  const snapshot = useSyncExternalStore(subscribeSession, () => state, () => LOADING);
  useEffect(() => {
    if (state.status === "loading") void refreshSession();
  }, []);
  if (snapshot.status === "loading") return { user: undefined, session: undefined, loading: true };
  return { user: snapshot.current?.user ?? null, session: snapshot.current?.session, loading: false };
}

/** What a sign-in answers: a session, or (two-factor on, device not trusted) a request for the code. */
export type SignInResult = { twoFactorRedirect: true; twoFactorMethods?: string[] } | { twoFactorRedirect?: undefined };

export function signIn(input: { email: string; password: string; rememberMe: boolean }) {
  return apiRequest<SignInResult>("/api/auth/sign-in/email", { body: input });
}

/**
 * Where the link in the verification mail lands once followed (better-auth redirects there, signed
 * in: server/auth.ts). A sign-up's link goes to the dashboard, so the new user never logs in by hand.
 * Followed on a browser other than the one that signed up, the link signs no one in and lands on
 * /login?verified=1 instead (server/auth/verification-link-binding.ts).
 */
export const VERIFIED_CALLBACK = { signUp: "/dashboard?verified=1", dashboard: "/dashboard?verified=1" } as const;

/**
 * Opens no session, and a taken address gets the same `{ ok: true }` (no one learns which addresses
 * have accounts): the next step is always the link in the inbox, which signs the new user in on
 * this browser (the answer sets a short-lived cookie that says so).
 */
export function signUp(input: { name: string; email: string; password: string; ref?: string; acceptTerms: true; acceptRisk: true }) {
  return apiRequest<unknown>("/api/auth/sign-up/email", { body: { ...input, callbackURL: VERIFIED_CALLBACK.signUp } });
}

/** Mails a new verification link (limited per address and per recipient by the server). */
export function sendVerificationEmail(email: string) {
  return apiRequest<unknown>("/api/auth/send-verification-email", { body: { email, callbackURL: VERIFIED_CALLBACK.dashboard } });
}

/** The second step of a sign-in with two-factor on: an authenticator code, or one backup code. */
export function verifySignInCode(input: { kind: "totp" | "backup"; code: string; trustDevice: boolean }) {
  const path = input.kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return apiRequest<unknown>(path, { body: { code: input.code, trustDevice: input.trustDevice } });
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
