import type { WithdrawalAddressDto, WithdrawalAddressStatus } from "#shared/schemas/withdrawal-addresses.js";
import type { withdrawalAddress } from "#server/db/schema.js";

export type WithdrawalAddressRow = typeof withdrawalAddress.$inferSelect;

/** Where an address stands at `now`: not confirmed, confirmed but in its delay, or payable. */
export function addressStatus(row: Pick<WithdrawalAddressRow, "confirmedAt" | "usableFrom">, now: Date): WithdrawalAddressStatus {
  if (!row.confirmedAt || !row.usableFrom) return "unconfirmed";
  return row.usableFrom.getTime() <= now.getTime() ? "usable" : "waiting";
}

export function toWithdrawalAddressDto(row: WithdrawalAddressRow, now: Date): WithdrawalAddressDto {
  return {
    id: row.id,
    address: row.address,
    label: row.label,
    status: addressStatus(row, now),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    usableFrom: row.usableFrom?.toISOString() ?? null,
    confirmExpiresAt: row.confirmedAt ? null : (row.confirmExpiresAt?.toISOString() ?? null),
    createdAt: row.createdAt.toISOString(),
  };
}
