import { toJsonCents } from "#shared/money.js";
import type { BankKey, Coin, DepositDto, DepositStatus } from "#shared/schemas/deposits.js";
import type { deposit } from "#server/db/schema.js";

export type DepositRow = typeof deposit.$inferSelect;

export function toDepositDto(row: DepositRow): DepositDto {
  return {
    id: row.id,
    method: row.method as DepositDto["method"],
    amountCents: toJsonCents(row.amountCents),
    receivedCents: row.receivedCents === null ? null : toJsonCents(row.receivedCents),
    coin: row.coin as Coin | null,
    bank: row.bank as BankKey | null,
    address: row.address,
    reference: row.reference,
    txId: row.txId,
    status: row.status as DepositStatus,
    rejectReason: row.rejectReason,
    creditNote: row.creditNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
