import type { PayoutDto, PayoutStatus } from "#shared/schemas/payouts.js";
import type { payout } from "#server/db/schema.js";
import { toJsonCents } from "../ledger/balances.js";

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
