import { toJsonCents } from "#shared/money.js";
import { INSTRUCTION_LOCK_HOURS, ROLLOVER_REFUSALS, type InvestmentDto, type RolloverRefusal } from "#shared/schemas/investments.js";
import type { investment } from "#server/db/schema.js";

export type InvestmentRow = typeof investment.$inferSelect;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The last moment the instruction can be changed: a day before maturity, while the investment is active. */
export function instructionChangeableUntil(row: Pick<InvestmentRow, "status" | "maturesAt">): Date | null {
  return row.status === "active" ? new Date(row.maturesAt.getTime() - INSTRUCTION_LOCK_HOURS * HOUR_MS) : null;
}

/** `rolledOverTo`: the investment that continues this one, when it was rolled over. */
export function toInvestmentDto(row: InvestmentRow, now: Date, rolledOverTo: string | null = null): InvestmentDto {
  const settled = row.status !== "active";
  const elapsedDays = Math.min(row.termDays, Math.max(0, Math.floor((now.getTime() - row.startedAt.getTime()) / DAY_MS)));
  const daysLeft = settled ? 0 : Math.max(0, Math.ceil((row.maturesAt.getTime() - now.getTime()) / DAY_MS));
  // Display only: the profit earned so far, day by day (integer division rounds down, never
  // overstating). Paid in full at maturity; none when withdrawn early.
  const accrued =
    row.status === "withdrawn_early" ? 0n : row.status === "active" ? (row.profitCents * BigInt(elapsedDays)) / BigInt(row.termDays) : row.profitCents;
  const until = instructionChangeableUntil(row);
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
    maturityInstruction: row.maturityInstruction as InvestmentDto["maturityInstruction"],
    instructionChangeableUntil: until && until > now ? until.toISOString() : null,
    rolledOverFrom: row.rolledOverFrom,
    rolledOverTo,
    rolloverRefusal: row.rolloverRefusal ? ROLLOVER_REFUSALS[row.rolloverRefusal as RolloverRefusal] : null,
    earlyWithdrawalAllowed: row.earlyWithdrawalAllowed,
    earlyWithdrawalFeeBasisPoints: row.earlyWithdrawalFeeBasisPoints,
    earlyWithdrawalFeeCents: row.earlyWithdrawalFeeCents === null ? null : toJsonCents(row.earlyWithdrawalFeeCents),
  };
}
