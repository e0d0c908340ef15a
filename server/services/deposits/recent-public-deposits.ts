import { toJsonCents } from "#shared/money.js";
import { desc, eq, inArray } from "drizzle-orm";
import { maskAddress, maskName } from "#shared/mask.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, user } from "#server/db/schema.js";

import { BANK_NAMES, type BankKey } from "#shared/schemas/deposits.js";
import type { PublicDepositDto } from "#shared/schemas/public.js";

/** The home page feed: the latest confirmed deposits, masked so no one can be identified. */
export async function recentPublicDeposits(db: DbExecutor, limit = 10): Promise<PublicDepositDto[]> {
  const rows = await db
    .select({
      id: deposit.id,
      name: user.name,
      method: deposit.method,
      address: deposit.address,
      bank: deposit.bank,
      amount: deposit.amountCents,
      received: deposit.receivedCents,
      decidedAt: deposit.decidedAt,
    })
    .from(deposit)
    .innerJoin(user, eq(user.id, deposit.userId))
    .where(inArray(deposit.status, ["confirmed", "settled"]))
    .orderBy(desc(deposit.decidedAt), desc(deposit.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id.slice(0, 8),
    name: maskName(row.name),
    method: row.method as "crypto" | "bank",
    address: row.method === "crypto" && row.address ? maskAddress(row.address) : (BANK_NAMES[row.bank as BankKey] ?? "Bank"),
    amountCents: toJsonCents(row.received ?? row.amount),
    confirmedAt: (row.decidedAt ?? new Date(0)).toISOString(),
  }));
}
