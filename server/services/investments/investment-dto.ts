import { toJsonCents } from "#shared/money.js";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { investment } from "#server/db/schema.js";

export type InvestmentRow = typeof investment.$inferSelect;

const DAY_MS = 86_400_000;

export function toInvestmentDto(row: InvestmentRow, now: Date): InvestmentDto {
  const elapsedDays = Math.min(row.termDays, Math.max(0, Math.floor((now.getTime() - row.startedAt.getTime()) / DAY_MS)));
  const daysLeft = row.status === "matured" ? 0 : Math.max(0, Math.ceil((row.maturesAt.getTime() - now.getTime()) / DAY_MS));
  // Display only: the profit earned so far, day by day (integer division rounds down, never overstating).
  const accrued = row.status === "matured" ? row.profitCents : (row.profitCents * BigInt(elapsedDays)) / BigInt(row.termDays);
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    principalCents: toJsonCents(row.principalCents),
    rateBasisPoints: row.rateBasisPoints,
    termDays: row.termDays,
    profitCents: toJsonCents(row.profitCents),
    startedAt: row.startedAt.toISOString(),
    maturesAt: row.maturesAt.toISOString(),
    status: row.status as InvestmentDto["status"],
    settledAt: row.settledAt?.toISOString() ?? null,
    daysLeft,
    accruedProfitCents: toJsonCents(accrued),
  };
}
