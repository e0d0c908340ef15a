import * as z from "zod/mini";
import { amountCentsField } from "./money.js";
import { reasonField, textField } from "./text.js";

export const COINS = ["BTC"] as const;
export const BANKS = ["access", "uba", "gtbank"] as const;
export type Coin = (typeof COINS)[number];
export type BankKey = (typeof BANKS)[number];

/** The banks' display names, the one copy: the deposit screens, the history and the operator's settings use it. */
export const BANK_NAMES: Record<BankKey, string> = { access: "Access Bank", uba: "UBA", gtbank: "GTBank" };
export type DepositStatus = "pending" | "confirmed" | "rejected" | "expired";

export const TX_ID_MAX = 128;
const TX_ID_CHARACTERS = /^[A-Za-z0-9:_-]*$/;

/** A blockchain or bank transaction id as the admin types it; `min` 1 where it is required. */
export const txIdField = (min = 0) =>
  textField({ label: "The transaction id", min, max: TX_ID_MAX, messages: { required: "Enter the transaction id." } }).check(
    z.regex(TX_ID_CHARACTERS, "The transaction id may hold only letters, digits, :, - and _."),
  );

export const createDepositSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("crypto"), amountCents: amountCentsField, coin: z.enum(COINS), txId: z.optional(txIdField()) }),
  z.object({ method: z.literal("bank"), amountCents: amountCentsField, bank: z.enum(BANKS) }),
]);
export type CreateDepositInput = z.infer<typeof createDepositSchema>;

export const confirmDepositSchema = z.object({
  /** What actually arrived, when it differs from what the user said they sent. */
  receivedCents: z.optional(amountCentsField),
  txId: z.optional(txIdField()),
});

export const rejectDepositSchema = z.object({
  reason: reasonField,
});

export interface DepositDto {
  id: string;
  method: "crypto" | "bank";
  amountCents: number;
  receivedCents: number | null;
  coin: Coin | null;
  bank: BankKey | null;
  address: string | null;
  reference: string;
  txId: string | null;
  status: DepositStatus;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  expiresAt: string;
}

export interface AdminDepositDto extends DepositDto {
  user: { id: string; name: string; email: string };
}

/** What the deposit screens need before the user sends anything. */
export interface DepositOptionsDto {
  minCents: number;
  maxCents: number;
  banks: Array<{ key: BankKey; name: string; accountName: string; accountNumber: string }>;
}

export interface CryptoAddressDto {
  coin: Coin;
  address: string;
  /** "fresh": an address only this user is given; "shared": one address for everyone, told apart by the reference. */
  kind: "fresh" | "shared";
}
