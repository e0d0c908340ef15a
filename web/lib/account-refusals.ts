import { useSyncExternalStore } from "react";
import { refreshSession } from "./session.js";
import { ApiError } from "./api.js";

/*
 * Refusals about the account rather than the request: the back office without a second factor
 * (TWO_FACTOR_REQUIRED), or with a session that did not pass it (SECOND_FACTOR_REQUIRED), and
 * money without a verified address (EMAIL_NOT_VERIFIED) or identity (VERIFICATION_REQUIRED). Each means
 * this browser's idea of the account is out of date (e.g. two-factor was turned off in another
 * tab), so the session is read again and the dashboard's guards and banners follow it. A
 * two-factor refusal is also remembered, so the layout can say so whatever screen made the call.
 */
let twoFactorRefused = false;
const listeners = new Set<() => void>();

function setRefused(value: boolean) {
  if (twoFactorRefused === value) return;
  twoFactorRefused = value;
  for (const listener of listeners) listener();
}

const ACCOUNT_CODES = new Set(["TWO_FACTOR_REQUIRED", "SECOND_FACTOR_REQUIRED", "EMAIL_NOT_VERIFIED", "VERIFICATION_REQUIRED"]);
type AccountRefusal = ApiError & { code: "TWO_FACTOR_REQUIRED" | "SECOND_FACTOR_REQUIRED" | "EMAIL_NOT_VERIFIED" | "VERIFICATION_REQUIRED" };

/** Whether a form should show the account notice (components/account) instead of its own message. */
export function isAccountRefusal(error: unknown): error is AccountRefusal {
  return error instanceof ApiError && ACCOUNT_CODES.has(error.code);
}

export function noteAccountRefusal(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.code === "TWO_FACTOR_REQUIRED") setRefused(true);
  if (ACCOUNT_CODES.has(error.code)) void refreshSession();
}

/** Called once the session says two-factor is on again. */
export function clearTwoFactorRefusal(): void {
  setRefused(false);
}

export function useTwoFactorRefused(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => twoFactorRefused,
    () => false,
  );
}
