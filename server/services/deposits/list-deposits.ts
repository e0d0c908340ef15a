import { asc, desc, eq, inArray } from "drizzle-orm";
import type { AdminDepositDto, DepositDto, DepositStatus } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, user } from "#server/db/schema.js";
import { toDepositDto } from "./deposit-dto.js";

/** A user's deposits, newest first (the back office pages through them with `offset`). */
export async function listMyDeposits(db: DbExecutor, userId: string, limit = 50, offset = 0): Promise<DepositDto[]> {
  const rows = await db.select().from(deposit).where(eq(deposit.userId, userId)).orderBy(desc(deposit.createdAt), desc(deposit.id)).limit(limit).offset(offset);
  return rows.map(toDepositDto);
}

/** The operator's queue: oldest first, so nobody waits behind newer deposits. */
export async function listDepositsForReview(db: DbExecutor, statuses: DepositStatus[], limit = 200): Promise<AdminDepositDto[]> {
  const rows = await db
    .select({ deposit, user: { id: user.id, name: user.name, email: user.email } })
    .from(deposit)
    .innerJoin(user, eq(user.id, deposit.userId))
    .where(inArray(deposit.status, statuses))
    .orderBy(asc(deposit.createdAt), asc(deposit.id))
    .limit(limit);
  return rows.map((row) => ({ ...toDepositDto(row.deposit), user: row.user }));
}
