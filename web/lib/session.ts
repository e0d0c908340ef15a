import { useEffect, useSyncExternalStore } from "react";
import { apiRequest } from "./api.js";
import { LOADING, refreshSession, sessionState, subscribeSession } from "./session-store.js";

export { currentUserId, refreshSession, signOut, subscribeSession, type CurrentSession, type SessionUser } from "./session-store.js";

/** `user` is undefined while loading, null when signed out. */
export function useSession() {
  const snapshot = useSyncExternalStore(subscribeSession, sessionState, () => LOADING);
  useEffect(() => {
    if (sessionState().status === "loading") void refreshSession();
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

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>("/api/auth/reset-password", { body: { token, newPassword } });
}
