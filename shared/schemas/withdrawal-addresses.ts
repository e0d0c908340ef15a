import * as z from "zod/mini";
import { secondFactorFields } from "./auth.js";
import { walletAddressField } from "./payouts.js";
import { textField } from "./text.js";

/** Where Settings lists them, and where the e-mailed link opens (with `?token=`). */
export const WITHDRAWAL_ADDRESSES_PATH = "/dashboard/settings#withdrawal-addresses";
export const CONFIRM_WITHDRAWAL_ADDRESS_PATH = "/dashboard/settings/withdrawal-addresses/confirm";

/** How many addresses one account may keep on its list at a time. */
export const WITHDRAWAL_ADDRESS_LIMIT = 20;
export const WITHDRAWAL_ADDRESS_LABEL_MAX = 50;

/**
 * `POST /api/me/withdrawal-addresses`: the address in the payouts' one spelling (so a payout's
 * `walletAddress` matches it), a label in the investor's words, and with two-factor on its code:
 * adding an address is a step towards money leaving, asked like one.
 */
export const addWithdrawalAddressSchema = z.object({
  address: walletAddressField,
  label: textField({ label: "The label", min: 1, max: WITHDRAWAL_ADDRESS_LABEL_MAX, messages: { required: "Give the address a label." } }),
  ...secondFactorFields,
});
export type AddWithdrawalAddressInput = z.infer<typeof addWithdrawalAddressSchema>;

/** The e-mailed link's token: 32 random bytes in base64url. */
export const confirmWithdrawalAddressSchema = z.object({
  token: z.string("This link is not valid.").check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, "This link is not valid.")),
});
export type ConfirmWithdrawalAddressInput = z.infer<typeof confirmWithdrawalAddressSchema>;

/**
 * `unconfirmed`: the e-mailed link was not followed yet (`confirmExpiresAt` says until when it
 * works); `waiting`: confirmed, payable from `usableFrom`; `usable`: payouts may go to it.
 */
export const WITHDRAWAL_ADDRESS_STATUSES = ["unconfirmed", "waiting", "usable"] as const;
export type WithdrawalAddressStatus = (typeof WITHDRAWAL_ADDRESS_STATUSES)[number];

export const withdrawalAddressDto = z.object({
  id: z.string(),
  address: z.string(),
  label: z.string(),
  status: z.enum(WITHDRAWAL_ADDRESS_STATUSES),
  confirmedAt: z.nullable(z.string()),
  usableFrom: z.nullable(z.string()),
  /** Until when the e-mailed link works; null once confirmed. */
  confirmExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WithdrawalAddressDto = z.infer<typeof withdrawalAddressDto>;

/** The list, with the rule it runs by: how many hours after confirmation an address becomes usable. */
export const withdrawalAddressList = z.object({ items: z.array(withdrawalAddressDto), delayHours: z.number() });
export type WithdrawalAddressList = z.infer<typeof withdrawalAddressList>;

/** `DELETE /api/me/withdrawal-addresses/:id`: which one, and when it stopped being usable. */
export const removedWithdrawalAddressDto = z.object({ id: z.string(), removedAt: z.string() });
