import * as z from "zod/mini";
import { isValidBitcoinAddress } from "../bitcoin-address.js";
import { emailField, twoFactorCodeField } from "./auth.js";
import { amountCentsField } from "./money.js";

/** Segwit v0/v1 and legacy addresses only: later witness versions are not yet safe to pay to. */
export function isPayableBitcoinAddress(address: string): boolean {
  return isValidBitcoinAddress(address, "mainnet") && /^(bc1[qp]|[13])/i.test(address);
}

export const walletAddressField = z
  .string()
  .check(z.trim(), z.minLength(1, "Enter a wallet address."), z.refine(isPayableBitcoinAddress, "This is not a valid bitcoin address."));

export const createPayoutSchema = z.object({
  amountCents: amountCentsField,
  walletAddress: walletAddressField,
  /** Required when the user has two-factor authentication on. */
  twoFactorCode: z.optional(twoFactorCodeField),
});
export type CreatePayoutInput = z.infer<typeof createPayoutSchema>;

const noteField = z.optional(z.string().check(z.trim(), z.maxLength(280, "The note must be at most 280 characters.")));

export const createTransferSchema = z.object({ toEmail: emailField, amountCents: amountCentsField, note: noteField });
export type CreateTransferInput = z.infer<typeof createTransferSchema>;

export const WALLETS = ["bitcoin", "ethereum", "usdt"] as const;

export const createMoneyRequestSchema = z.object({
  fromEmail: emailField,
  amountCents: amountCentsField,
  wallet: z.optional(z.enum(WALLETS)),
  walletAddress: z.optional(z.string().check(z.trim(), z.maxLength(128, "The wallet address must be at most 128 characters."))),
  note: noteField,
});
export type CreateMoneyRequestInput = z.infer<typeof createMoneyRequestSchema>;

export const markPayoutPaidSchema = z.object({
  txId: z.string().check(z.trim(), z.minLength(1, "Enter the transaction id."), z.maxLength(128), z.regex(/^[A-Za-z0-9:_-]+$/, "The transaction id may hold only letters, digits, :, - and _.")),
});
export const rejectPayoutSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, "Give a reason for the rejection."), z.maxLength(500, "The reason must be at most 500 characters.")),
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
