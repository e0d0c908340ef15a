import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { consumeRateLimit } from "../rate-limit/consume-rate-limit.js";
import type { AccountHolder } from "./account-holder.js";

/**
 * Per user: enough for typos, far too few to walk a list of addresses looking for accounts.
 * Only lookups that find nobody count; paying a real person is never slowed.
 */
export const UNKNOWN_RECIPIENT_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

/**
 * The one answer for a recipient we will not use, whether the address has no account or is the
 * caller's own: the same status, code and words, so the answer tells nobody who has an account.
 */
export const RECIPIENT_REFUSED = {
  toEmail: "We could not send this. Check the e-mail address and try again.",
  // Clear about what to fix (only an account's e-mail works, not a name) and still the same for
  // the caller's own address: "no other" account is true of both.
  fromEmail: "No other Termvest account uses this e-mail address. Ask them for the e-mail address they sign in with.",
} as const;

export type RecipientField = keyof typeof RECIPIENT_REFUSED;

export function refuseRecipient(field: RecipientField): AppError {
  return new AppError("VALIDATION_FAILED", RECIPIENT_REFUSED[field], { [field]: RECIPIENT_REFUSED[field] });
}

export const TOO_MANY_UNKNOWN = "Too many attempts with addresses we could not use. Please try again later.";

/**
 * The account another user names by e-mail (a transfer's recipient, a request's payer). Runs
 * before the money operation's transaction, on `db` itself: a miss is counted, and a count made
 * inside that transaction would be rolled back with the refusal.
 */
export async function findRecipient(
  db: Database,
  caller: AccountHolder,
  email: string,
  options: { field: RecipientField; rateLimit: boolean },
): Promise<AccountHolder> {
  // Through the index on lower(email) (migration 0024): an address is one account whatever its case.
  // A closed account is no one to pay or to ask: it is answered as an address without an account.
  const [found] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email.trim().toLowerCase()), isNull(user.closedAt)))
    .limit(1);
  if (found && found.id !== caller.id) return found;
  if (!found && options.rateLimit) {
    const limit = await consumeRateLimit(db, { key: `unknown-recipient:${caller.id}`, ...UNKNOWN_RECIPIENT_LIMIT });
    if (!limit.allowed) throw new AppError("RATE_LIMITED", TOO_MANY_UNKNOWN);
  }
  throw refuseRecipient(options.field);
}
