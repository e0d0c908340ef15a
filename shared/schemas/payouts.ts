import * as z from "zod/mini";
import { isValidBitcoinAddress } from "../bitcoin-address.js";
import { emailField, twoFactorCodeField } from "./auth.js";
import { txIdField } from "./deposits.js";
import { amountCentsField } from "./money.js";
import { noteField, reasonField, textField } from "./text.js";

/** Segwit v0/v1 and legacy addresses only: later witness versions are not yet safe to pay to. */
export function isPayableBitcoinAddress(address: string): boolean {
  return isValidBitcoinAddress(address, "mainnet") && /^(bc1[qp]|[13])/i.test(address);
}

export const WALLET_ADDRESS_MAX = 128;

export const walletAddressField = textField({ label: "The wallet address", min: 1, max: WALLET_ADDRESS_MAX, messages: { required: "Enter a wallet address." } }).check(
  z.refine(isPayableBitcoinAddress, "This is not a valid bitcoin address."),
);

export const createPayoutSchema = z.object({
  amountCents: amountCentsField,
  walletAddress: walletAddressField,
  /** Required when the user has two-factor authentication on. */
  twoFactorCode: z.optional(twoFactorCodeField),
});
export type CreatePayoutInput = z.infer<typeof createPayoutSchema>;

export const createTransferSchema = z.object({ toEmail: emailField, amountCents: amountCentsField, note: noteField });
export type CreateTransferInput = z.infer<typeof createTransferSchema>;

export const WALLETS = ["bitcoin", "ethereum", "usdt"] as const;

export const MONEY_REQUEST_MESSAGES = {
  walletWithoutName: "Choose the wallet this address belongs to.",
  badBitcoinAddress: "This is not a valid bitcoin address.",
} as const;

/** Where the requester wants to be paid: an address needs its wallet, and a bitcoin one must be payable. */
export const createMoneyRequestSchema = z
  .object({
    fromEmail: emailField,
    amountCents: amountCentsField,
    wallet: z.optional(z.enum(WALLETS)),
    walletAddress: z.optional(textField({ label: "The wallet address", max: WALLET_ADDRESS_MAX })),
    note: noteField,
  })
  .check(
    z.refine((value) => !value.walletAddress || value.wallet !== undefined, { path: ["wallet"], message: MONEY_REQUEST_MESSAGES.walletWithoutName }),
    z.refine((value) => !value.walletAddress || value.wallet !== "bitcoin" || isPayableBitcoinAddress(value.walletAddress), {
      path: ["walletAddress"],
      message: MONEY_REQUEST_MESSAGES.badBitcoinAddress,
    }),
  );
export type CreateMoneyRequestInput = z.infer<typeof createMoneyRequestSchema>;

export const markPayoutPaidSchema = z.object({
  txId: txIdField(1),
});
export const rejectPayoutSchema = z.object({
  reason: reasonField,
});

/** `requested` is the only undecided state; the other three are final. */
export type PayoutStatus = "requested" | "paid" | "rejected" | "cancelled";

export interface PayoutDto {
  id: string;
  amountCents: number;
  walletAddress: string;
  status: PayoutStatus;
  txId: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface AdminPayoutDto extends PayoutDto {
  user: { id: string; name: string; email: string };
}

export interface TransferDto {
  id: string;
  amountCents: number;
  toName: string;
  note: string | null;
  createdAt: string;
}

export interface MoneyRequestDto {
  id: string;
  direction: "incoming" | "outgoing";
  /** The other person: who asked (incoming) or who was asked (outgoing). */
  counterparty: { name: string; email: string };
  amountCents: number;
  wallet: string | null;
  walletAddress: string | null;
  note: string | null;
  status: "pending" | "paid" | "declined";
  createdAt: string;
  answeredAt: string | null;
}
