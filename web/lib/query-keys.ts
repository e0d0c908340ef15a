import type { QueryClient } from "@tanstack/react-query";

/**
 * Every TanStack Query key the dashboard uses, in one place: a feature that changes money invalidates
 * what other features show (the figures, lists, history and bell) without importing them.
 */
export const ACCOUNT_KEYS = {
  summary: ["me", "summary"],
  deposits: ["deposits", "mine"],
  investments: ["investments", "mine"],
  history: ["transactions"],
  notifications: ["notifications"],
  adminDeposits: ["admin", "deposits"],
  /** The identity check and what the level still allows (a deposit uses up an unverified account's limit). */
  verification: ["me", "verification"],
} as const;

/** Money going out of an account or between users, and where payouts may go (a refusal may mean the list changed elsewhere). */
export const MONEY_OUT_KEYS = {
  payouts: ["payouts", "mine"],
  moneyRequests: ["money-requests"],
  adminPayouts: ["admin", "payouts"],
  withdrawalAddresses: ["withdrawal-addresses"],
} as const;

/** The back office's read-only lists: the audit log, the contact inbox (and its count in the menu), the reconciliation. */
export const ADMIN_KEYS = {
  approvals: ["admin", "approvals"],
  audit: ["admin", "audit"],
  messages: ["admin", "messages"],
  reconciliation: ["admin", "reconciliation"],
  verifications: ["admin", "verifications"],
} as const;

/** The statements that exist (complete months and years): they change only when a month ends. */
export const STATEMENTS_KEY = ["statements"] as const;

/** The open plans: the investment screens read them, the admin plan editor changes them. */
export const PLANS_KEY = ["plans", "active"] as const;

/** After a deposit is made, confirmed or rejected: balances, lists, history and the bell may all differ. */
export function invalidateAccount(client: QueryClient): Promise<unknown> {
  return Promise.all(Object.values(ACCOUNT_KEYS).map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** After a payout, transfer or money request moved (or failed to move) money: every figure and list that may differ. */
export function invalidateMoneyOut(client: QueryClient): Promise<unknown> {
  return Promise.all([invalidateAccount(client), ...Object.values(MONEY_OUT_KEYS).map((queryKey) => client.invalidateQueries({ queryKey }))]);
}
