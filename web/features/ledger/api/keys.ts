import type { QueryClient } from "@tanstack/react-query";

/** Query keys for everything a money movement can change, in one place so every mutation refreshes them all. */
export const ACCOUNT_KEYS = {
  summary: ["me", "summary"],
  deposits: ["deposits", "mine"],
  investments: ["investments", "mine"],
  history: ["transactions"],
  notifications: ["notifications"],
  adminDeposits: ["admin", "deposits"],
} as const;

/** After a deposit is made, confirmed or rejected: balances, lists, history and the bell may all differ. */
export function invalidateAccount(client: QueryClient): Promise<unknown> {
  return Promise.all(Object.values(ACCOUNT_KEYS).map((queryKey) => client.invalidateQueries({ queryKey })));
}
