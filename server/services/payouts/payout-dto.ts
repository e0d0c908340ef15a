import { toJsonCents } from "#shared/money.js";
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
  };
}
