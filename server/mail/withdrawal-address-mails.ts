import { CONFIRM_WITHDRAWAL_ADDRESS_PATH, WITHDRAWAL_ADDRESSES_PATH } from "#shared/schemas/withdrawal-addresses.js";
import type { OutgoingMessage } from "../services/mail/enqueue-mail.js";

/*
 * Every change to the list of addresses payouts may go to is mailed to the account's own address:
 * whoever holds a session alone cannot add one unseen. Plain text; the label is the
 * investor's own words, quoted.
 */

/** The kind of the mail that holds the one-time confirmation link (its stored copy loses the link once sent). */
export const ADDRESS_ADDED_KIND = "withdrawal-address-added";

interface Recipient {
  name: string;
  to: string;
  publicUrl: string;
}

interface Address {
  address: string;
  label: string;
}

const greeting = (name: string) => (name ? `Hello ${name},` : "Hello,");
/** "2026-11-29 14:00 UTC": one unambiguous time for every reader. */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const named = ({ address, label }: Address) => `${address} (“${label}”)`;
const NOT_YOU = "If this was not you, remove the address in Settings at once, reset your password and write to support:";

export function addressAddedMail(input: Recipient & Address & { token: string; expiresAt: Date; delayHours: number }): OutgoingMessage {
  const url = `${input.publicUrl}${CONFIRM_WITHDRAWAL_ADDRESS_PATH}?token=${input.token}`;
  const wait = input.delayHours > 0 ? `, and payouts can go to it ${input.delayHours} hours after you confirm` : "";
  const text = [
    greeting(input.name),
    "",
    "This bitcoin address was added to the withdrawal addresses of your account:",
    named(input),
    "",
    `If you added it, confirm it by opening this link before ${utcMinute(input.expiresAt)}${wait}:`,
    url,
    "",
    "If you did not add it, do not open the link. Remove the address in Settings, reset your password and write to support:",
    `${input.publicUrl}${WITHDRAWAL_ADDRESSES_PATH}`,
  ].join("\n");
  return { kind: ADDRESS_ADDED_KIND, to: input.to, subject: "Confirm your new withdrawal address", text };
}

export function addressConfirmedMail(input: Recipient & Address & { usableFrom: Date }): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    "This withdrawal address of your account was confirmed:",
    named(input),
    `Payouts can go to it from ${utcMinute(input.usableFrom)}.`,
    "",
    NOT_YOU,
    `${input.publicUrl}${WITHDRAWAL_ADDRESSES_PATH}`,
  ].join("\n");
  return { kind: "withdrawal-address-confirmed", to: input.to, subject: "Withdrawal address confirmed", text };
}

export function addressRemovedMail(input: Recipient & Address): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    "This address was removed from the withdrawal addresses of your account; payouts can no longer go to it:",
    named(input),
    "",
    "If this was not you, reset your password at once and write to support:",
    `${input.publicUrl}/forgot-password`,
  ].join("\n");
  return { kind: "withdrawal-address-removed", to: input.to, subject: "Withdrawal address removed", text };
}
