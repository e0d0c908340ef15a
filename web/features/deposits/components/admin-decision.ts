import { ApiError } from "#web/lib/api.js";
import { explainBadRequest } from "#web/lib/request-errors.js";

const FIELDS = { receivedCents: "receivedCents", txId: "txId", reason: "reason" };

/** A 409 means someone already decided the deposit: say what the server said and let the list refresh. */
export function decisionFailure(error: unknown, fallback: string): { conflict: boolean; message: string; fields: Record<string, string> } {
  if (error instanceof ApiError && error.status === 409) return { conflict: true, message: error.message || "This deposit was already decided.", fields: {} };
  if (error instanceof ApiError && error.status === 400) return { conflict: false, ...explainBadRequest(error, FIELDS) };
  return { conflict: false, message: error instanceof ApiError && error.message ? error.message : fallback, fields: {} };
}
