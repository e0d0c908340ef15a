import { desc, eq } from "drizzle-orm";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment } from "#server/db/schema.js";
import { toInvestmentDto } from "./investment-dto.js";

export async function listInvestments(db: DbExecutor, userId: string, now: Date, limit = 100): Promise<InvestmentDto[]> {
  const rows = await db.select().from(investment).where(eq(investment.userId, userId)).orderBy(desc(investment.startedAt), desc(investment.id)).limit(limit);
  return rows.map((row) => toInvestmentDto(row, now));
}
