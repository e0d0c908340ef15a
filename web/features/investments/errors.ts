import { ApiError } from "#web/lib/api.js";

export const INVEST_FAILED = "The investment could not be made. Please try again.";
export const INSTRUCTION_FAILED = "The instruction could not be changed. Please try again.";
export const WITHDRAW_FAILED = "The early withdrawal could not be made. Please try again.";
export const PREVIEW_FAILED = "What an early withdrawal would pay could not be loaded. Close this and try again.";

/** The server's own sentence for a refusal it explains (minimum, balance, closed plan, too close to maturity), else `fallback`. */
export function investmentFailure(error: unknown, fallback = INVEST_FAILED): string {
  if (error instanceof ApiError && error.status === 401) return "User not authenticated.";
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.message) return error.message;
  return fallback;
}
