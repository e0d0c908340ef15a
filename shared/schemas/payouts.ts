import * as z from "zod/mini";
import { isValidBitcoinAddress } from "../bitcoin-address.js";
import { secondFactorFields } from "./auth.js";
import { txIdField } from "./deposits.js";
import { listQuery, matchingTotal, orderedRanges, sortParam } from "./admin-list.js";
import { listOf } from "./paging.js";
import { amountCentsField } from "./money.js";
import { reasonField, textField } from "./text.js";

/** Segwit v0/v1 and legacy addresses only: later witness versions are not yet safe to pay to. */
export function isPayableBitcoinAddress(address: string): boolean {
  return isValidBitcoinAddress(address, "mainnet") && /^(bc1[qp]|[13])/i.test(address);
}

export const WALLET_ADDRESS_MAX = 128;

/**
 * A payable address, in one spelling: a bech32 address (bc1…) is the same in upper and lower case
 * (BIP 173), so it is kept in lower case, and one address is always counted as one (four eyes
 * counts a recipient address's payouts over 24 hours).
 */
export const walletAddressField = textField({ label: "The wallet address", min: 1, max: WALLET_ADDRESS_MAX, messages: { required: "Enter a wallet address." } }).check(
  z.refine(isPayableBitcoinAddress, "This is not a valid bitcoin address."),
  z.overwrite((address) => (/^bc1/i.test(address) ? address.toLowerCase() : address)),
);

export const createPayoutSchema = z.object({ amountCents: amountCentsField, walletAddress: walletAddressField, ...secondFactorFields });
export type CreatePayoutInput = z.infer<typeof createPayoutSchema>;

/** The review before a payout asks about the same amount and address, and moves nothing. */
export const payoutPreviewSchema = z.object({ amountCents: amountCentsField, walletAddress: walletAddressField });
export type PayoutPreviewInput = z.infer<typeof payoutPreviewSchema>;
/** A payout of this amount would be taken now (limits, balance, the 24-hour total); a refusal says which rule. */
export const payoutPreviewDto = z.object({ amountCents: z.number(), walletAddress: z.string() });

/**
 * Payouts in bitcoin terms (automatic crypto mode, decision 0055): who pays the network fee, in the
 * one sentence the investor's review and the operator's queue both show.
 */
export const PAYOUT_NETWORK_FEE_POLICY = "We pay the bitcoin network fee, so the wallet receives the full BTC amount.";

/** `GET /api/payouts/quote?amountCents=`: what a withdrawal of this many cents is in bitcoin now. */
export const payoutQuoteQuery = z.object({
  amountCents: z.coerce.number("amountCents must be a whole number of cents.").check(
    z.int("amountCents must be a whole number of cents."),
    z.minimum(1, "amountCents must be more than zero."),
    z.maximum(Number.MAX_SAFE_INTEGER, "amountCents is too large."),
  ),
});
/**
 * The dollars in bitcoin at the current rate (satoshis rounded up, as the fixed amount will be), only
 * an estimate: the rate is fixed when an operator approves the withdrawal. `rateUsd` is dollars per
 * bitcoin as a plain decimal ("65432.10"), `amountBtc` has 8 places, as an invoice's do. In manual
 * mode there is no estimate, and `message` says why.
 */
export const payoutQuoteDto = z.discriminatedUnion("estimate", [
  z.object({ amountBtc: z.string(), rateUsd: z.string(), estimate: z.literal(true) }),
  z.object({ estimate: z.literal(false), message: z.string() }),
]);
export type PayoutQuoteDto = z.infer<typeof payoutQuoteDto>;

export const markPayoutPaidSchema = z.object({
  txId: txIdField(1),
});
export const rejectPayoutSchema = z.object({
  reason: reasonField,
});

/** `requested` is the only undecided state; the other three are final. */
export const PAYOUT_STATUSES = ["requested", "paid", "rejected", "cancelled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payoutDto = z.object({
  id: z.string(),
  amountCents: z.number(),
  walletAddress: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  txId: z.nullable(z.string()),
  rejectReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /**
   * Automatic crypto mode: the bitcoin it is sent as (8 places) at the rate fixed when an operator
   * approved it (dollars per bitcoin, "65432.10"), and when; all null before, and in manual mode.
   */
  amountBtc: z.nullable(z.string()),
  rateUsd: z.nullable(z.string()),
  rateFixedAt: z.nullable(z.string()),
});
export type PayoutDto = z.infer<typeof payoutDto>;

/**
 * A payout in the operator's queue, with whose it is and its four-eyes state: `needsApproval`
 * when its amount is at or above PAYOUT_APPROVAL_USD, `approvedBy` the second admin once they
 * approved it (that admin may not mark it paid).
 */
export const adminPayoutDto = z.extend(payoutDto, {
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  needsApproval: z.boolean(),
  approvedBy: z.nullable(z.object({ id: z.string(), email: z.string() })),
  approvedAt: z.nullable(z.string()),
  /** Automatic mode, a requested payout whose rate is not fixed yet: its bitcoin at the current rate, only an estimate (null when the exchanges gave no rate). */
  estimate: z.nullable(z.object({ amountBtc: z.string(), rateUsd: z.string() })),
});
export type AdminPayoutDto = z.infer<typeof adminPayoutDto>;

/** A filter beyond the stored statuses: requested, large, and not yet approved by a second admin. */
export const AWAITING_APPROVAL = "awaiting_approval";
export const ADMIN_PAYOUT_SORTS = ["createdAt", "amountCents", "status", "email"] as const;

/** `GET /api/admin/payouts`: every status unless one is asked for; newest first by default. */
export const adminPayoutsQuery = z.object({
  ...listQuery(sortParam(ADMIN_PAYOUT_SORTS, { key: "createdAt", direction: "desc" })),
  status: z.optional(z.enum([...PAYOUT_STATUSES, AWAITING_APPROVAL], "status must be requested, awaiting_approval, paid, rejected or cancelled.")),
  userId: z.optional(textField({ label: "userId", max: 64 })),
}).check(...orderedRanges);
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuery>;
export const adminPayoutList = listOf(adminPayoutDto, matchingTotal);
