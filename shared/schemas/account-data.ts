import * as z from "zod/mini";
import { PASSWORD_MAX, secondFactorFields } from "./auth.js";
import { CONTACT_STATUSES } from "./contact-inbox.js";
import { depositDto } from "./deposits.js";
import { investmentDto } from "./investments.js";
import { payoutDto } from "./payouts.js";
import { caseFields, VERIFICATION_LEVELS } from "./verification.js";

/*
 * The investor's own data: GET /api/me/export, a JSON file of everything held about the
 * account, and POST /api/me/close. docs/security.md ("Your data and closing an account") says what
 * the file leaves out and why.
 */

/** What sign-in, and every other way in, answers for a closed account (403 ACCOUNT_CLOSED). */
export const ACCOUNT_CLOSED_MESSAGE = "This account is closed. Write to support if you need a copy of your records.";

/** Money in a file a person reads: the exact cents, and the same amount as they would see it ("$1,234.56"). */
const formatted = z.string();

const withAmount = { amount: formatted };

const sessionEntry = z.object({
  createdAt: z.string(),
  /** When the session was last used (refreshed). */
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** The second factor its sign-in passed: totp, backup_code, trusted_device, or null. */
  secondFactor: z.nullable(z.string()),
});

const documentEntry = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  /** SHA-256 of the file as received: proves which file it was without the file. */
  sha256: z.string(),
  createdAt: z.string(),
  replacedAt: z.nullable(z.string()),
  /** When the file itself was deleted under the retention rules; its description stays. */
  purgedAt: z.nullable(z.string()),
});

/** The case as the verification screen shows it, every file ever uploaded described (never its bytes), and when it was made and last changed. */
const { documents: _current, ...identityCaseFields } = caseFields;
const identityEntry = z.object({ ...identityCaseFields, createdAt: z.string(), updatedAt: z.string(), documents: z.array(documentEntry) });

const counterparty = z.object({ name: z.string(), email: z.string() });

const transferEntry = z.object({
  id: z.string(),
  direction: z.enum(["sent", "received"]),
  counterparty,
  amountCents: z.number(),
  ...withAmount,
  note: z.nullable(z.string()),
  createdAt: z.string(),
});

const moneyRequestEntry = z.object({
  id: z.string(),
  /** incoming: someone asked the account holder to pay; outgoing: the account holder asked. */
  direction: z.enum(["incoming", "outgoing"]),
  counterparty,
  amountCents: z.number(),
  ...withAmount,
  note: z.nullable(z.string()),
  status: z.enum(["pending", "paid", "declined"]),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});

const notificationEntry = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  readAt: z.nullable(z.string()),
  createdAt: z.string(),
});

/** A message sent through the contact form with the account's e-mail address, and our reply. */
const contactMessageEntry = z.object({
  id: z.string(),
  subject: z.nullable(z.string()),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

const withdrawalAddressEntry = z.object({
  id: z.string(),
  address: z.string(),
  label: z.string(),
  confirmedAt: z.nullable(z.string()),
  usableFrom: z.nullable(z.string()),
  removedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

const ledgerAccountEntry = z.object({
  /** available is the Main Balance; invested holds running investments; payout_hold, requested withdrawals. */
  kind: z.enum(["available", "invested", "payout_hold"]),
  balanceCents: z.number(),
  balance: formatted,
});

const postingEntry = z.object({
  journalId: z.string(),
  /** What moved the money (deposit, investment, maturity, payout_request, transfer, …). */
  journalKind: z.string(),
  reference: z.nullable(z.string()),
  account: z.enum(["available", "invested", "payout_hold"]),
  amountCents: z.number(),
  ...withAmount,
  balanceAfterCents: z.nullable(z.number()),
  createdAt: z.string(),
});

const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  /** you, an operator, or the system (a job, the operator's command line); operators are not named. */
  actor: z.enum(["you", "operator", "system"]),
  targetType: z.string(),
  /** Null for an entry only made by the account holder about something not theirs (an admin's own work). */
  targetId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

/** GET /api/me/export: the file's whole content. */
export const accountExportDto = z.object({
  format: z.literal("termvest-account-data"),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    createdAt: z.string(),
    referralCode: z.nullable(z.string()),
    /** The referral code of the account whose link this one signed up through. */
    referredByCode: z.nullable(z.string()),
    verificationLevel: z.enum(VERIFICATION_LEVELS),
    closedAt: z.nullable(z.string()),
  }),
  consents: z.object({
    consentedAt: z.nullable(z.string()),
    termsVersion: z.nullable(z.string()),
    riskVersion: z.nullable(z.string()),
  }),
  security: z.object({ twoFactorEnabled: z.boolean() }),
  sessions: z.array(sessionEntry),
  identity: z.nullable(identityEntry),
  deposits: z.array(z.extend(depositDto, withAmount)),
  depositAddresses: z.array(z.object({ address: z.string(), createdAt: z.string() })),
  investments: z.array(z.extend(investmentDto, { principal: formatted, profit: formatted })),
  payouts: z.array(z.extend(payoutDto, withAmount)),
  transfers: z.array(transferEntry),
  moneyRequests: z.array(moneyRequestEntry),
  notifications: z.array(notificationEntry),
  contactMessages: z.array(contactMessageEntry),
  withdrawalAddresses: z.array(withdrawalAddressEntry),
  ledger: z.object({ accounts: z.array(ledgerAccountEntry), postings: z.array(postingEntry) }),
  audit: z.array(auditEntry),
});
export type AccountExportDto = z.infer<typeof accountExportDto>;

/** POST /api/me/close: the password, and with two-factor on the code (as every way money leaves). */
export const closeAccountSchema = z.object({
  password: z.string("Enter your current password.").check(z.minLength(1, "Enter your current password."), z.maxLength(PASSWORD_MAX, "Your password is not correct.")),
  ...secondFactorFields,
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const closedAccountDto = z.object({ closedAt: z.string() });
export type ClosedAccountDto = z.infer<typeof closedAccountDto>;

/** Where a closed account's browser lands: the login page, saying so. */
export const CLOSED_LANDING = "/login?closed=1";

/** The file's name for a day: termvest-data-2026-11-28.json. */
export const exportFileName = (day: Date) => `termvest-data-${day.toISOString().slice(0, 10)}.json`;
