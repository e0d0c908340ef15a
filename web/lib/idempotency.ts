import { useMemo, useRef } from "react";

/** A random key the server accepts (8–128 of [A-Za-z0-9_-]); randomUUID needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One key per user action. Retrying the same request (same body) reuses the key, so a timeout
 * followed by a second click cannot record the deposit twice; a changed body is a new action and
 * gets a new key (the server answers 409 to an old key with a different body). `done()` after
 * success, so the next action starts fresh.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const fingerprint = JSON.stringify(body);
        if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
        return current.current.key;
      },
      done() {
        current.current = null;
      },
    }),
    [],
  );
}
