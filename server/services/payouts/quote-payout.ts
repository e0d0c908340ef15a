import type { PayoutQuoteDto } from "#shared/schemas/payouts.js";
import type { BtcRateService } from "../bitcoin/rates/btc-rate.js";
import { payoutInBitcoin } from "./payout-in-bitcoin.js";

/**
 * What a withdrawal of `amountCents` is in bitcoin now: an estimate, since the rate is fixed only
 * when an operator approves it. Only in automatic crypto mode (`rates` present); in manual mode an
 * operator prices and sends each payout by hand, so there is nothing to quote, and the answer says so
 * (a 200, like every GET of the API that needs no path parameter). A refused rate is the service's
 * 503 RATE_UNAVAILABLE, never a guess.
 */
export async function quotePayout(rates: BtcRateService | undefined, amountCents: bigint): Promise<PayoutQuoteDto> {
  if (!rates) return { estimate: false, message: "Withdrawals are not priced in bitcoin on this server: the operator sends each one by hand." };
  const { amountBtc, rateUsd } = payoutInBitcoin(amountCents, (await rates.current()).centsPerBtc);
  return { amountBtc, rateUsd, estimate: true };
}
