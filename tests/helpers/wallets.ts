import { randomInt } from "node:crypto";
// Relative, not #server: the browser tests (e2e/) import this file too.
import { deriveDepositAddress } from "../../server/services/bitcoin/derive-address.js";

/** The BIP84 test vector's account key ("abandon … about"): its addresses are valid mainnet ones nobody pays. */
export const TEST_ACCOUNT = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";

/**
 * A payable address no other test uses: four eyes counts the payouts to one address over 24 hours
 * (server/services/payouts/request-payout.ts), so tests that share a database keep theirs apart.
 */
export function freshWallet(): string {
  return deriveDepositAddress(TEST_ACCOUNT, randomInt(1, 2 ** 31 - 1));
}
