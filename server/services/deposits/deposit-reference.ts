import { newReferralCode } from "../referrals/referral-code.js";

/** "TV-" and eight unambiguous characters: short enough to type into a bank's reference field. */
export function newDepositReference(): string {
  return `TV-${newReferralCode(8)}`;
}
