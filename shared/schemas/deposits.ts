import * as z from "zod/mini";
import { listQuery, matchingTotal, orderedRanges, sortParam } from "./admin-list.js";
import { listOf } from "./paging.js";
import { amountCentsField } from "./money.js";
import { reasonField, textField } from "./text.js";

export const COINS = ["BTC"] as const;
export const BANKS = ["access", "uba", "gtbank"] as const;
export type Coin = (typeof COINS)[number];
export type BankKey = (typeof BANKS)[number];

/** The banks' display names, the one copy: the deposit screens, the history and the operator's settings use it. */
export const BANK_NAMES: Record<BankKey, string> = { access: "Access Bank", uba: "UBA", gtbank: "GTBank" };
/** A deposit an operator confirms (bank transfers, and crypto in manual mode). */
export const DEPOSIT_STATUSES = ["pending", "confirmed", "rejected", "expired"] as const;
/**
 * An invoice (crypto in automatic mode): `new` until a payment is seen, `processing`
 * while it confirms, `settled` once credited, `expired` when its time ran out unpaid (or paid
 * short, or late: see its exception), `invalid` when an operator refused it.
 */
export const INVOICE_STATUSES = ["new", "processing", "settled", "expired", "invalid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const ALL_DEPOSIT_STATUSES = [...DEPOSIT_STATUSES, "new", "processing", "settled", "invalid"] as const;
export type DepositStatus = (typeof ALL_DEPOSIT_STATUSES)[number];
/** Why an invoice is unusual: less arrived by expiry, more arrived (credited in full), or a payment was first seen after expiry. */
export const INVOICE_EXCEPTIONS = ["paid_partial", "paid_over", "paid_late"] as const;
export type InvoiceException = (typeof INVOICE_EXCEPTIONS)[number];

export const TX_ID_MAX = 128;
const TX_ID_CHARACTERS = /^[A-Za-z0-9:_-]*$/;

/** A blockchain or bank transaction id as the admin types it; `min` 1 where it is required. */
export const txIdField = (min = 0) =>
  textField({ label: "The transaction id", min, max: TX_ID_MAX, messages: { required: "Enter the transaction id." } }).check(
    z.regex(TX_ID_CHARACTERS, "The transaction id may hold only letters, digits, :, - and _."),
  );

/** "TV-" and eight characters of an alphabet without look-alikes (no 0/O, 1/I/L, U). */
export const DEPOSIT_REFERENCE_PATTERN = /^TV-[2-9A-HJKMNP-TV-Z]{8}$/;
export const BANK_REFERENCE_MISSING = "Enter the reference shown with the bank details.";

/** The reference a bank transfer quotes, as `GET /api/deposits/bank-reference` gave it (spaces and case forgiven). */
export const bankReferenceField = z
  .string(BANK_REFERENCE_MISSING)
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, BANK_REFERENCE_MISSING),
    z.regex(DEPOSIT_REFERENCE_PATTERN, "This is not a Termvest payment reference. Copy the one shown with the bank details."),
  );

export const createDepositSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("crypto"), amountCents: amountCentsField, coin: z.enum(COINS), txId: z.optional(txIdField()) }),
  z.object({ method: z.literal("bank"), amountCents: amountCentsField, bank: z.enum(BANKS), reference: bankReferenceField }),
]);
export type CreateDepositInput = z.infer<typeof createDepositSchema>;

/**
 * The rate an expired invoice's payment is credited at: the one it was locked at, or (for a
 * payment that arrived late only) the rate now.
 */
export const INVOICE_CREDIT_RATES = ["locked", "current"] as const;
export type InvoiceCreditRate = (typeof INVOICE_CREDIT_RATES)[number];

export const confirmDepositSchema = z.object({
  /** What actually arrived, when it differs from what the user said they sent (never on an invoice: the chain says). */
  receivedCents: z.optional(amountCentsField),
  txId: z.optional(txIdField()),
  /** Why it differs from the claim, in words the investor reads: required when less arrived. */
  reason: z.optional(reasonField),
  /** An invoice only, and required there: which rate what arrived is credited at. */
  rate: z.optional(z.enum(INVOICE_CREDIT_RATES, "rate must be locked or current.")),
});

/** Said under "Reason" when less than the claim is credited and no reason was given. */
export const SHORT_CREDIT_REASON_REQUIRED = "Say why less than the claimed amount is credited: the investor sees this reason.";

export const rejectDepositSchema = z.object({
  reason: reasonField,
  /** A refund sent outside the platform (an invoice's bitcoin sent back): its transaction id, for the record. */
  refundTxId: z.optional(txIdField()),
});

const owner = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const depositDto = z.object({
  id: z.string(),
  method: z.enum(["crypto", "bank"]),
  amountCents: z.number(),
  receivedCents: z.nullable(z.number()),
  coin: z.nullable(z.enum(COINS)),
  bank: z.nullable(z.enum(BANKS)),
  address: z.nullable(z.string()),
  reference: z.string(),
  txId: z.nullable(z.string()),
  /** DEPOSIT_STATUSES for a deposit an operator confirms; INVOICE_STATUSES for an invoice. */
  status: z.enum(ALL_DEPOSIT_STATUSES),
  rejectReason: z.nullable(z.string()),
  /** Why the amount credited differs from the claim (`amountCents`); the investor sees it. */
  creditNote: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** A pending deposit's deadline for the operator; an invoice's end of the locked rate (the countdown). */
  expiresAt: z.string(),
  /*
   * Present only on an invoice (a crypto deposit in automatic mode); absent on every other deposit.
   */
  /** What to send: the dollars at the locked rate, rounded up to the satoshi ("0.00123456"). */
  amountBtc: z.optional(z.string()),
  /** The locked rate, US dollars per bitcoin ("65432.10"). */
  rateUsd: z.optional(z.string()),
  /** `bitcoin:<address>?amount=<amountBtc>&label=<site name>` (BIP21), for a QR code and "Open in wallet". */
  bip21: z.optional(z.string()),
  /** Confirmations a payment needs before it is credited (BITCOIN_CONFIRMATIONS when the invoice was made). */
  requiredConfirmations: z.optional(z.number()),
  /** What has arrived on the address so far, all sources agreeing ("0.00000000" before anything). */
  receivedBtc: z.optional(z.string()),
  /** The transactions paying the address, as every chain source agreed (those that left the chain are not listed). */
  paymentTxIds: z.optional(z.array(z.string())),
  /** The fewest confirmations among the payments seen (0 before anything, or while one is in the mempool). */
  confirmations: z.optional(z.number()),
  /** Why the invoice waits for the operator (`paid_partial`, `paid_late`) or was credited more (`paid_over`); null otherwise. */
  exception: z.optional(z.nullable(z.enum(INVOICE_EXCEPTIONS))),
  /** A settled invoice: the rate it was credited at ("65432.10"), the locked one unless an operator chose the current one for a late payment. */
  creditedRateUsd: z.optional(z.nullable(z.string())),
  /** An invoice whose credited transaction left the chain (a reorganisation) and when; admins were alerted. */
  reorgedAt: z.optional(z.nullable(z.string())),
  /** A refund the operator recorded for a deposit refused: the transaction id it was sent in. */
  refundTxId: z.optional(z.nullable(z.string())),
});
export type DepositDto = z.infer<typeof depositDto>;

/** A deposit in the operator's queue, with whose it is. */
export const adminDepositDto = z.extend(depositDto, { user: owner });
export type AdminDepositDto = z.infer<typeof adminDepositDto>;

export const ADMIN_DEPOSIT_SORTS = ["createdAt", "amountCents", "status", "reference", "email"] as const;

/** `GET /api/admin/deposits`: every status unless one is asked for; newest first by default. */
export const adminDepositsQuery = z.object({
  ...listQuery(sortParam(ADMIN_DEPOSIT_SORTS, { key: "createdAt", direction: "desc" })),
  status: z.optional(z.enum(ALL_DEPOSIT_STATUSES, `status must be one of ${ALL_DEPOSIT_STATUSES.join(", ")}.`)),
  /** Invoices with this exception; `any` for every invoice with one. */
  exception: z.optional(z.enum([...INVOICE_EXCEPTIONS, "any"], `exception must be one of ${INVOICE_EXCEPTIONS.join(", ")} or any.`)),
  method: z.optional(z.enum(["crypto", "bank"], "method must be crypto or bank.")),
  userId: z.optional(textField({ label: "userId", max: 64 })),
}).check(...orderedRanges);
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuery>;
export const adminDepositList = listOf(adminDepositDto, matchingTotal);

/** One way to credit an expired invoice: the rate, and the dollars what arrived makes at it. */
const invoiceCreditOption = z.object({ rateUsd: z.string(), cents: z.number() });

/**
 * `GET /api/admin/deposits/:id/credit-options`: what "Credit what arrived" would credit, at the
 * locked rate and (a late payment only) at the rate now; `current` is null with the reason when
 * it does not apply or cannot be had.
 */
export const invoiceCreditOptionsDto = z.object({
  receivedBtc: z.string(),
  locked: invoiceCreditOption,
  current: z.nullable(invoiceCreditOption),
  currentUnavailable: z.nullable(z.string()),
});
export type InvoiceCreditOptionsDto = z.infer<typeof invoiceCreditOptionsDto>;

/** What the deposit screens need before the user sends anything. */
export const depositOptionsDto = z.object({
  minCents: z.number(),
  maxCents: z.number(),
  /** Days a pending deposit waits for the operator before it expires. */
  expiryDays: z.number(),
  /** The operator's accounts for bank transfers; each says its currency and, when the payee is not the operator, why. */
  banks: z.array(
    z.object({ key: z.enum(BANKS), name: z.string(), accountName: z.string(), accountNumber: z.string(), currency: z.string(), payeeNote: z.nullable(z.string()) }),
  ),
  /** True on a server the operator has not configured yet (never in production): the accounts are examples no one owns. */
  banksExample: z.boolean(),
  /** True in automatic mode: a crypto deposit is an invoice (amount first, then what to send); false when an operator confirms it. */
  cryptoInvoices: z.boolean(),
});
export type DepositOptionsDto = z.infer<typeof depositOptionsDto>;

export const cryptoAddressDto = z.object({
  coin: z.enum(COINS),
  address: z.string(),
  /** "fresh": an address only this user is given; "shared": one address for everyone, told apart by the deposit's reference. */
  kind: z.enum(["fresh", "shared"]),
});
export type CryptoAddressDto = z.infer<typeof cryptoAddressDto>;

/** The reference to quote on a bank transfer: the user's until a bank deposit uses it. */
export const bankReferenceDto = z.object({ reference: z.string() });
export type BankReferenceDto = z.infer<typeof bankReferenceDto>;
