import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { ACCOUNT_CLOSED_MESSAGE } from "#shared/schemas/account-data.js";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";

/**
 * No session is ever made for a closed account (server/services/account-data/close-account.ts):
 * run where better-auth creates one, so a sign-in with the right password, a verification link's
 * sign-in and the second step of a two-factor sign-in all answer 403 ACCOUNT_CLOSED, in words that
 * say so. A wrong password is refused before this, as for any account, so the answer tells only
 * someone who knows the password that the account is closed.
 */
export async function refuseClosedAccount(db: Database, userId: string): Promise<void> {
  const [found] = await db.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, userId));
  if (found?.closedAt) throw new APIError("FORBIDDEN", { code: "ACCOUNT_CLOSED", message: ACCOUNT_CLOSED_MESSAGE });
}
