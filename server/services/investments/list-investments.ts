import { desc, eq } from "drizzle-orm";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment } from "#server/db/schema.js";
import { toInvestmentDto } from "./investment-dto.js";

/** A user's investments, newest first (the back office pages through them with `offset`). */
export async function listInvestments(db: DbExecutor, userId: string, now: Date, limit = 100, offset = 0): Promise<InvestmentDto[]> {
  const rows = await db
    .select()
    .from(investment)
    .where(eq(investment.userId, userId))
    .orderBy(desc(investment.startedAt), desc(investment.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toInvestmentDto(row, now));
}
