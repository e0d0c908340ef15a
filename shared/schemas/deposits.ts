import * as z from "zod/mini";
import { amountCentsField } from "./money.js";

export const COINS = ["BTC"] as const;
export const BANKS = ["access", "uba", "gtbank"] as const;
export type Coin = (typeof COINS)[number];
export type BankKey = (typeof BANKS)[number];
export type DepositStatus = "pending" | "confirmed" | "rejected" | "expired";

const txIdField = z.optional(
  z.string().check(z.trim(), z.maxLength(128, "The transaction id must be at most 128 characters."), z.regex(/^[A-Za-z0-9:_-]*$/, "The transaction id may hold only letters, digits, :, - and _.")),
);

export const createDepositSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("crypto"), amountCents: amountCentsField, coin: z.enum(COINS), txId: txIdField }),
  z.object({ method: z.literal("bank"), amountCents: amountCentsField, bank: z.enum(BANKS) }),
]);
export type CreateDepositInput = z.infer<typeof createDepositSchema>;

export const confirmDepositSchema = z.object({
  /** What actually arrived, when it differs from what the user said they sent. */
  receivedCents: z.optional(amountCentsField),
  txId: txIdField,
});

export const rejectDepositSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, "Give a reason for the rejection."), z.maxLength(500, "The reason must be at most 500 characters.")),
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
