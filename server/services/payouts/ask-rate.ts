import type { CentsPerBtc } from "#shared/money.js";
import { RateUnavailableError, type BtcRateService } from "../bitcoin/rates/btc-rate.js";

/**
 * The bitcoin rate, asked for before a payout's transaction opens (a network call must never hold
 * one open: PGlite has a single connection). A refusal is kept rather than thrown, so that the
 * operation decides: approving a payout throws it only once the payout is found to need a rate (an
 * unknown or already approved payout still answers 404 or 409, and a retried request still gets its
 * stored answer), and the queue shows its rows without estimates.
 */
export type AskedRate = { centsPerBtc: CentsPerBtc; refused?: undefined } | { centsPerBtc?: undefined; refused: RateUnavailableError };

export async function askRate(rates: BtcRateService): Promise<AskedRate> {
  try {
    return { centsPerBtc: (await rates.current()).centsPerBtc };
  } catch (error) {
    if (error instanceof RateUnavailableError) return { refused: error };
    throw error;
  }
}
