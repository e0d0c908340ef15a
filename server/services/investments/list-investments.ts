import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { ListOf } from "#shared/schemas/paging.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment } from "#server/db/schema.js";
import { newestFirst, type PageRequest } from "../paging/keyset.js";
import { toInvestmentDto } from "./investment-dto.js";

/** A page of a user's investments, the latest started first (theirs, and the back office's view of them). */
export async function listInvestments(db: DbExecutor, userId: string, now: Date, request: PageRequest): Promise<ListOf<InvestmentDto>> {
  const page = newestFirst(investment.startedAt, investment.id, request);
  const successor = alias(investment, "successor");
  const rows = await db
    .select({ investment, rolledOverTo: successor.id, ...page.fields })
    .from(investment)
    .leftJoin(successor, eq(successor.rolledOverFrom, investment.id))
    .where(and(eq(investment.userId, userId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.readLimit);
  const { rows: shown, nextCursor } = page.page(rows);
  return { items: shown.map((row) => toInvestmentDto(row.investment, now, row.rolledOverTo)), nextCursor };
}
