import type { QueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "#web/features/ledger/api/keys.js";

/** Query keys for money going out or between users; the ledger's own keys live in ledger/api/keys.ts. */
export const MONEY_OUT_KEYS = {
  payouts: ["payouts", "mine"],
  moneyRequests: ["money-requests"],
  adminPayouts: ["admin", "payouts"],
} as const;

/** After a payout, transfer or money request moved (or failed to move) money: every figure and list that may differ. */
export function invalidateMoneyOut(client: QueryClient): Promise<unknown> {
  return Promise.all([invalidateAccount(client), ...Object.values(MONEY_OUT_KEYS).map((queryKey) => client.invalidateQueries({ queryKey }))]);
}
