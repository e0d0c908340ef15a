import { centsToDecimal, centsToSatsRoundedUp, formatBtc, type Cents, type CentsPerBtc, type Sats } from "#shared/money.js";

/**
 * A payout's dollars in bitcoin at `rate` (decision 0055). The satoshis are rounded up, as an
 * invoice's are (`centsToSatsRoundedUp`): the investor never receives less than their dollars at the
 * rate, and the operator pays at most one satoshi more. The estimate shown before approval and the
 * amount fixed by it both come from here, so they can differ only by the rate.
 */
export function payoutInBitcoin(cents: Cents, rate: CentsPerBtc): { sats: Sats; amountBtc: string; rateUsd: string } {
  const sats = centsToSatsRoundedUp(cents, rate);
  return { sats, amountBtc: formatBtc(sats), rateUsd: centsToDecimal(rate) };
}
