import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client.js";
import { withdrawalAddress } from "#server/db/schema.js";
import { freshWallet } from "./wallets.js";

/**
 * Puts `address` on the user's withdrawal list as confirmed and usable from `usableFrom` (by
 * default a minute ago: payouts may go to it at once), the way following the e-mailed link and
 * waiting out WITHDRAWAL_ADDRESS_DELAY_HOURS would; returns the address. One already on the list
 * is left as it is. person() lists nothing: a test that pays out says where to.
 */
export async function listWallet(db: Database, userId: string, address: string = freshWallet(), options: { usableFrom?: Date } = {}): Promise<string> {
  const usableFrom = options.usableFrom ?? new Date(Date.now() - 60_000);
  await db.insert(withdrawalAddress).values({ id: randomUUID(), userId, address, label: "My wallet", confirmedAt: usableFrom, usableFrom, createdAt: usableFrom }).onConflictDoNothing();
  return address;
}
