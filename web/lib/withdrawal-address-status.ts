import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import type { BadgeTone } from "#web/components/ui/badge.js";
import { formatDateTime } from "./format-date.js";

/**
 * Where one withdrawal address stands, in the words Settings and the payout form both use: its
 * status word and the sentence that says what happens next, with the times in the viewer's zone.
 */
export function addressStanding(address: WithdrawalAddressDto, now: number): { tone: BadgeTone; word: string; detail: string } {
  if (address.status === "usable") return { tone: "success", word: "Usable", detail: "Payouts can go to this address." };
  if (address.status === "waiting") {
    return { tone: "warning", word: "Waiting", detail: `Confirmed; payouts can go to it from ${formatDateTime(address.usableFrom!)}.` };
  }
  const expires = address.confirmExpiresAt;
  if (expires && Date.parse(expires) <= now) return { tone: "danger", word: "Link expired", detail: "The confirmation link expired. Send a new one to confirm this address." };
  return {
    tone: "neutral",
    word: "Not confirmed",
    detail: `Open the link we e-mailed you to confirm it${expires ? ` (it works until ${formatDateTime(expires)})` : ""}.`,
  };
}
