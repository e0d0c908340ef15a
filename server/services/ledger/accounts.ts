export type UserAccountKind = "available" | "invested" | "payout_hold";
export type PlatformAccountKind = "deposits" | "interest" | "payouts" | "fees";

/** An account is named by its id alone: its owner and kind are part of it, and the database checks them. */
export interface LedgerAccountRef {
  id: string;
}

/** A user's account; it can never go below zero. */
export function userAccount(userId: string, kind: UserAccountKind): LedgerAccountRef {
  return { id: `u:${userId}:${kind}` };
}

/** The platform's side of money entering and leaving; these go negative by design (e.g. deposits). */
export function platformAccount(kind: PlatformAccountKind): LedgerAccountRef {
  return { id: `p:${kind}` };
}
