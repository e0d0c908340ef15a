import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api.js";
import { refreshSession } from "#web/lib/session.js";

export interface Enrolment {
  /** otpauth://totp/…?secret=…: what the QR code holds. */
  totpURI: string;
  /** Ten one-time codes, shown once the first authenticator code has been confirmed. */
  backupCodes: string[];
}

/**
 * Turning two-factor on or off replaces the session (better-auth issues a new one with the new
 * flag), so the session store is read again and every query refetched with the new cookie.
 */
function useSessionChanged() {
  const client = useQueryClient();
  return () => Promise.all([refreshSession(), client.invalidateQueries()]);
}

/** Step 1: a new secret and backup codes; nothing is required at sign-in until step 2. */
export function useStartEnrolment() {
  return useMutation({ mutationFn: (password: string) => apiRequest<Enrolment>("/api/auth/two-factor/enable", { body: { password } }) });
}

/** Step 2: the first code from the app proves it holds the secret; two-factor is on from here. */
export function useConfirmEnrolment() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (code: string) => apiRequest<unknown>("/api/auth/two-factor/verify-totp", { body: { code } }),
    onSuccess: changed,
  });
}

/**
 * What a change to two-factor once it is on takes: the password and a current authenticator code
 * (the server uses the code up, so it cannot be used again for anything).
 */
export interface PasswordAndCode {
  password: string;
  code: string;
}

/** New backup codes; the old ones stop working. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (input: PasswordAndCode) => apiRequest<{ backupCodes: string[] }>("/api/auth/two-factor/generate-backup-codes", { body: input }),
  });
}

export function useTurnOff() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (input: PasswordAndCode) => apiRequest<unknown>("/api/auth/two-factor/disable", { body: input }),
    onSuccess: changed,
  });
}

/** The panel's four calls together; one of them runs at a time. */
export function useTwoFactorActions() {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const regenerate = useRegenerateBackupCodes();
  const turnOff = useTurnOff();
  return {
    start,
    confirm,
    regenerate,
    turnOff,
    isPending: start.isPending || confirm.isPending || regenerate.isPending || turnOff.isPending,
    /** Forget the last outcome, so an old error does not show on the next step. */
    reset() {
      start.reset();
      confirm.reset();
      regenerate.reset();
      turnOff.reset();
    },
  };
}
