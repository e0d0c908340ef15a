import { centsToDecimal, formatBtc, toJsonCents } from "#shared/money.js";
import type { PayoutDto, PayoutStatus } from "#shared/schemas/payouts.js";
import type { payout } from "#server/db/schema.js";

export type PayoutRow = typeof payout.$inferSelect;

export function toPayoutDto(row: PayoutRow): PayoutDto {
  return {
    id: row.id,
    amountCents: toJsonCents(row.amountCents),
    walletAddress: row.walletAddress,
    status: row.status as PayoutStatus,
    txId: row.txId,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    // Fixed on approval in automatic crypto mode (the check payout_rate_whole sets all three or none).
    amountBtc: row.amountSats === null ? null : formatBtc(row.amountSats),
    rateUsd: row.rateCentsPerBtc === null ? null : centsToDecimal(row.rateCentsPerBtc),
    rateFixedAt: row.rateFixedAt?.toISOString() ?? null,
  };
}
