import { ApiError } from "#web/lib/api.js";

export const INVEST_FAILED = "The investment could not be made. Please try again.";

/** The server's own sentence for a refusal it explains (minimum, balance, closed plan), else a generic one. */
export function investmentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "User not authenticated.";
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.message) return error.message;
  return INVEST_FAILED;
}
