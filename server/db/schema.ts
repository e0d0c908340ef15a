import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
    type AnyPgColumn,
} from "drizzle-orm/pg-core";

/*
 * One schema for PGlite and PostgreSQL. The first five tables belong to better-auth
 * (core + admin plugin + database rate limiting); their field names must match what it expects.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** better-auth's two-factor plugin: true once a TOTP enrolment is verified. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /** Shared as /signup?ref=CODE; set once at sign-up. */
  referralCode: text("referral_code").unique(),
  /** The account whose referral link this one signed up through. */
  referredBy: text("referred_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
  /**
   * When the person accepted the terms and the risk disclosure at sign-up, and which versions of
   * them (the pages' `version` then; null for a page the operator had not published). Accounts
   * made before consent was asked have none.
   */
  consentedAt: timestamp("consented_at", { withTimezone: true }),
  termsVersion: text("terms_version"),
  riskVersion: text("risk_version"),
  /** `verified` once an operator approved the identity case; back to `unverified` when it expires. */
  verificationLevel: text("verification_level").notNull().default("unverified"),
  /** When the investor closed the account: sign-in stops, the data is kept as retention requires. */
  closedAt: timestamp("closed_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [
  // Transfers and money requests find their counterpart by address whatever its case.
  index("user_email_lower_idx").on(sql`lower(${table.email})`),
  check("user_verification_level", sql`${table.verificationLevel} in ('unverified', 'verified')`),
  /** The retention job's read: closed accounts by when they closed. */
  index("user_closed_at_idx").on(table.closedAt).where(sql`${table.closedAt} is not null`),
]);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    /**
     * The second factor this session's sign-in passed: 'totp', 'backup_code', 'trusted_device' (a
     * browser remembered from an earlier code), or null for the password alone. Set when the
     * session is created, never by a later change to the user (server/auth/session-factors.ts).
     */
    secondFactor: text("second_factor"),
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("session_user_id_idx").on(table.userId),
    check("session_second_factor", sql`${table.secondFactor} is null or ${table.secondFactor} in ('totp', 'backup_code', 'trusted_device')`),
  ],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and backup codes, both encrypted with the auth secret. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Ours, not the plugin's: the last TOTP time step accepted for this user, for a sign-in, a
     * payout or a change to two-factor itself. A code works once (one seen over a shoulder, or
     * replayed within its 30 seconds, does not).
     */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  // One enrolment per user: better-auth finds it by user id.
  (table) => [uniqueIndex("two_factor_user_id_idx").on(table.userId)],
);

/** Shared by every server process, so limits hold across a fleet. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Investment plans are operator data; an investment copies the terms it was made under. */
export const plan = pgTable(
  "plan",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    minimumCents: bigint("minimum_cents", { mode: "bigint" }).notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    termDays: integer("term_days").notNull(),
    features: text("features").array().notNull(),
    active: boolean("active").notNull().default(true),
    /** Whether an investment may be withdrawn before maturity, and the fee kept (basis points of the principal). */
    earlyWithdrawalAllowed: boolean("early_withdrawal_allowed").notNull().default(true),
    earlyWithdrawalFeeBasisPoints: integer("early_withdrawal_fee_basis_points").notNull().default(200),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("plan_minimum_positive", sql`${table.minimumCents} > 0`),
    check("plan_rate_range", sql`${table.rateBasisPoints} between 1 and 100000`),
    check("plan_term_positive", sql`${table.termDays} > 0`),
    check("plan_early_withdrawal_fee_range", sql`${table.earlyWithdrawalFeeBasisPoints} between 0 and 10000`),
  ],
);

/** Messages from the public contact form, kept for the operator's inbox. */
export const contactMessage = pgTable(
  "contact_message",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    /** new → answered (a reply was queued) or archived; the admin inbox counts the new ones. */
    status: text("status").notNull().default("new"),
    replyText: text("reply_text"),
    repliedBy: text("replied_by").references(() => user.id),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("contact_message_created_at_idx").on(table.createdAt),
    index("contact_message_status_created_at_idx").on(table.status, table.createdAt),
    check("contact_message_status", sql`${table.status} in ('new', 'answered', 'archived')`),
  ],
);

/*
 * The ledger (docs/product.md, "The money model"; its SQL is server/db/sql/). Accounts are
 * `u:<userId>:<kind>` for a user's available / invested / payout_hold money and `p:<kind>` for the
 * platform's deposits / interest / payouts (built by ledger_account_id() in SQL, accounts.ts in
 * TypeScript). A user's three accounts are created with the user (trigger user_ledger_accounts).
 * Journals are posted only by the `post_journal` SQL function, which checks that postings sum to
 * zero, locks user accounts in id order and keeps their balance_cents equal to the sum of their
 * postings. Platform accounts have no floor and keep no balance
 * (balance_cents is NULL): their balance is the sum of their postings, read through the
 * `ledger_balance` view, so no journal ever waits for another on a platform row (decision 0019).
 */
export const ledgerAccount = pgTable(
  "ledger_account",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    /** Kept for user accounts; NULL for platform accounts (see above). */
    balanceCents: bigint("balance_cents", { mode: "bigint" }).default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    index("ledger_account_user_id_idx").on(table.userId),
    // The last line of defence: no kept balance (a user account's) below zero, whatever code runs.
    check("ledger_account_balance_not_negative", sql`${table.balanceCents} >= 0`),
    // The kind is checked once, when the account is created, by a trigger (ledger_account_checked),
    // and an account's id, owner and kind can never change (ledger_account_identity_fixed): a CHECK here would be
    // re-evaluated on every balance update (decisions 0019, 0021).
  ],
);

export const journal = pgTable(
  "journal",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    /**
     * The customer on whose behalf money moved (shown to operators and checked by verifyLedger).
     * No foreign key: post_journal requires a journal for a user to move one of that user's
     * accounts, and accounts exist only for users that exist (decisions 0019, 0021).
     */
    userId: text("user_id"),
    reference: text("reference"),
    createdAt: createdAt(),
  },
  // No index by user: a user's figures are read from the postings on their own accounts (decision 0020).
);

export const posting = pgTable(
  "posting",
  {
    // No foreign keys: post_journal writes the journal, the accounts and the postings together, and
    // the ledger tables are append-only (decision 0019).
    journalId: text("journal_id").notNull(),
    accountId: text("account_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    /**
     * A user account's balance right after this posting, written by the ledger's SQL under the
     * row lock that moved the balance, so it is true whatever else committed at the same moment
     * (the history's "balance after"). NULL for platform accounts, which keep no balance.
     */
    balanceAfterCents: bigint("balance_after_cents", { mode: "bigint" }),
    createdAt: createdAt(),
  },
  (table) => [
    // A journal names each account once, so (account, journal) is the posting's natural key: it
    // serves the platform postings of one journal (the summary's flows) and an account's postings
    // as a set; a journal's postings are read only by verifyLedger's full scans (decision 0020).
    primaryKey({ name: "posting_pkey", columns: [table.accountId, table.journalId] }),
    // A user account's postings newest first, in the history's own order (a posting's created_at is
    // its journal's, written in the same transaction): a page of the statement reads a page's worth
    // of entries, not the whole history. Users' accounts only: no one pages through a platform
    // account's postings, which nearly every journal writes (decision 0045).
    index("posting_user_account_created_at_idx")
      .on(table.accountId, table.createdAt, table.journalId)
      .where(sql`${table.accountId} like 'u:%'`),
    // No CHECK that an amount is not zero: the two writers (post_journal, settle_due_investments)
    // never write one, and verifyLedger() reports any (decision 0021).
  ],
);

export const deposit = pgTable(
  "deposit",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    method: text("method").notNull(),
    /** What the user says they sent. */
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    /** What the operator confirmed arrived (and was credited). */
    receivedCents: bigint("received_cents", { mode: "bigint" }),
    coin: text("coin"),
    bank: text("bank"),
    address: text("address"),
    reference: text("reference").notNull().unique(),
    txId: text("tx_id"),
    status: text("status").notNull().default("pending"),
    rejectReason: text("reject_reason"),
    /** Why what was credited differs from what the user declared, in the operator's words the investor sees. */
    creditNote: text("credit_note"),
    journalId: text("journal_id").references(() => journal.id),
    decidedBy: text("decided_by").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /*
     * An invoice (automatic crypto deposits; set exactly on one): the rate it is locked at
     * (US cents per bitcoin), what it asks for in satoshis, the confirmations it waits for, its
     * exception, and what the watcher saw on the chain (server/services/deposits/invoice-payments.ts).
     */
    rateCentsPerBtc: bigint("rate_cents_per_btc", { mode: "bigint" }),
    amountSats: bigint("amount_sats", { mode: "bigint" }),
    requiredConfirmations: integer("required_confirmations"),
    exception: text("exception"),
    payments: jsonb("payments").$type<StoredPayment[]>(),
    /** A watcher holds the invoice until then (real time): each invoice is read by one server at a time. */
    watchedUntil: timestamp("watched_until", { withTimezone: true }),
    /** The rate a settled invoice was credited at: its locked rate, or the current one an operator chose for a late payment. */
    creditedRateCentsPerBtc: bigint("credited_rate_cents_per_btc", { mode: "bigint" }),
    /** An invalid invoice's refund, sent outside the platform: the transaction id the operator recorded. */
    refundTxId: text("refund_tx_id"),
    /** When a transaction a settled invoice was credited for left the chain (a reorganisation); admins were alerted, nothing debited. */
    reorgedAt: timestamp("reorged_at", { withTimezone: true }),
  },
  (table) => [
    index("deposit_user_id_created_at_idx").on(table.userId, table.createdAt),
    index("deposit_status_created_at_idx").on(table.status, table.createdAt),
    check("deposit_amount_positive", sql`${table.amountCents} > 0 and (${table.receivedCents} is null or ${table.receivedCents} > 0)`),
    check("deposit_method", sql`${table.method} in ('crypto', 'bank')`),
    check("deposit_status", sql`${table.status} in ('pending', 'confirmed', 'rejected', 'expired', 'new', 'processing', 'settled', 'invalid')`),
    check("deposit_exception", sql`${table.exception} is null or ${table.exception} in ('paid_partial', 'paid_over', 'paid_late')`),
    check(
      "deposit_invoice_whole",
      sql`(${table.rateCentsPerBtc} is null and ${table.amountSats} is null and ${table.requiredConfirmations} is null and ${table.payments} is null)
        or (${table.rateCentsPerBtc} > 0 and ${table.amountSats} > 0 and ${table.requiredConfirmations} >= 0 and ${table.payments} is not null)`,
    ),
    /** The watcher's read: open invoices (new, processing, and expired ones still monitored). */
    index("deposit_open_invoice_idx").on(table.expiresAt).where(sql`${table.rateCentsPerBtc} is not null and ${table.status} in ('new', 'processing', 'expired')`),
    /** The watcher's second read: settled invoices still watched for a reorganisation (BITCOIN_MONITOR_HOURS after crediting). */
    index("deposit_settled_invoice_idx").on(table.decidedAt).where(sql`${table.rateCentsPerBtc} is not null and ${table.status} = 'settled' and ${table.reorgedAt} is null`),
  ],
);

/**
 * A transaction paying an invoice's address as the watcher last saw it (all sources agreeing).
 * Satoshis as a decimal string (jsonb has no bigint); `firstSeenAt` is the watcher's own time the
 * first time it saw the transaction, in the mempool or in a block; `gone` when it has since left
 * the chain (replaced, dropped, reorganised away).
 */
export interface StoredPayment {
  txid: string;
  sats: string;
  confirmations: number;
  blockHeight: number | null;
  rbf: boolean;
  firstSeenAt: string;
  gone?: boolean;
}

/** Derivation indexes of the operator's xpub, never reused even across concurrent requests. */
export const depositAddressIndexSeq = pgSequence("deposit_address_index_seq", { startWith: 0, minValue: 0 });

/** Watch-only addresses handed out from the operator's xpub, one unused address per user at a time. */
export const depositAddress = pgTable(
  "deposit_address",
  {
    derivationIndex: integer("derivation_index").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    address: text("address").notNull().unique(),
    depositId: text("deposit_id").references(() => deposit.id),
    createdAt: createdAt(),
  },
  (table) => [index("deposit_address_user_id_idx").on(table.userId)],
);

/**
 * The reference a user quotes on a bank transfer, handed out before they pay (with the bank
 * details) so the operator can match the transfer to them. A user holds one unused reference
 * until a bank deposit takes it; the deposit then carries it as its own `reference`.
 */
export const bankReference = pgTable(
  "bank_reference",
  {
    reference: text("reference").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    depositId: text("deposit_id").references(() => deposit.id),
    createdAt: createdAt(),
  },
  // At most one unused reference per user: two pages opened at once get the same one.
  (table) => [uniqueIndex("bank_reference_unused_user_idx").on(table.userId).where(sql`${table.depositId} is null`)],
);

/** The first response to each (user, Idempotency-Key), replayed for retries of the same request. */
export const idempotencyRecord = pgTable(
  "idempotency_record",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_record_created_at_idx").on(table.createdAt)],
);

export const notification = pgTable(
  "notification",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /**
     * The deposit, investment, payout, transfer or money request the notification is about. The
     * link shown is derived from the kind and this id on the server (notificationLink), never stored.
     */
    subjectId: text("subject_id"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("notification_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

/**
 * Every operator action and security event: who, what, when, the record before and after, and the
 * request it came from. Tamper-evident (decision 0034): the BEFORE INSERT trigger `audit_log_chain`
 * (server/db/sql/) numbers each entry (`seq`) and sets `prev_hash` and `hash` under one advisory
 * lock in the writer's transaction, and `audit_log_append_only` refuses UPDATE, DELETE and
 * TRUNCATE. The unique `prev_hash` makes a fork impossible even if the lock were skipped.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** Position in the chain, set by the trigger (the value written here is replaced). */
    seq: bigint("seq", { mode: "number" }).notNull().unique("audit_log_seq_unique"),
    // No ON DELETE action: a cascade would UPDATE entries the chain has sealed.
    actorId: text("actor_id").references(() => user.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** The X-Request-Id of the HTTP request that wrote it; NULL for jobs and the operator CLI. */
    requestId: text("request_id"),
    prevHash: text("prev_hash").notNull().unique("audit_log_prev_hash_unique"),
    hash: text("hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
  ],
);

/**
 * Wrong passwords per typed address per hour, counted as they happen; a job turns each finished
 * hour into one audit entry with its count (the audit log itself is never updated).
 */
export const signInFailureTally = pgTable(
  "sign_in_failure_tally",
  {
    email: text("email").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    failures: integer("failures").notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.hour] }), index("sign_in_failure_tally_hour_idx").on(table.hour)],
);

/** A fixed-term investment. The plan's terms are copied on, so editing a plan never changes it. */
export const investment = pgTable(
  "investment",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plan.id, { onDelete: "restrict" }),
    planName: text("plan_name").notNull(),
    principalCents: bigint("principal_cents", { mode: "bigint" }).notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    termDays: integer("term_days").notNull(),
    /** principal × rate, half-up to the cent: what maturity pays on top of the principal. */
    profitCents: bigint("profit_cents", { mode: "bigint" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    maturesAt: timestamp("matures_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("active"),
    /** payout | rollover_principal | rollover_all: what settlement does (docs/product.md, "Maturity"). */
    maturityInstruction: text("maturity_instruction").notNull().default("payout"),
    /** The investment this one continues (a rollover opened it in the journal that settled that one). */
    rolledOverFrom: text("rolled_over_from"),
    /** Why a rollover was paid out instead (a key of ROLLOVER_REFUSALS); null otherwise. */
    rolloverRefusal: text("rollover_refusal"),
    // The plan's early-withdrawal terms when the investment started: a later edit never changes them.
    earlyWithdrawalAllowed: boolean("early_withdrawal_allowed").notNull().default(true),
    earlyWithdrawalFeeBasisPoints: integer("early_withdrawal_fee_basis_points").notNull().default(200),
    /** What an early withdrawal kept; null unless withdrawn early. */
    earlyWithdrawalFeeCents: bigint("early_withdrawal_fee_cents", { mode: "bigint" }),
    // Links to the journals that moved the money, written in the same transaction as those journals
    // (which are append-only); no foreign key, so settlement locks no journal row (decision 0019).
    startJournalId: text("start_journal_id"),
    settleJournalId: text("settle_journal_id"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("investment_user_id_created_at_idx").on(table.userId, table.createdAt),
    // The settlement queue: only active rows, in the order they are met; with the owner, so that the
    // walk through it reads the index alone (decision 0020).
    index("investment_active_due_idx").on(table.maturesAt, table.id, table.userId).where(sql`${table.status} = 'active'`),
    // A user's due investments, which settlement pays together (decision 0020).
    index("investment_active_by_user_idx").on(table.userId, table.maturesAt, table.id).where(sql`${table.status} = 'active'`),
    check("investment_principal_positive", sql`${table.principalCents} > 0 and ${table.profitCents} >= 0`),
    check("investment_status", sql`${table.status} in ('active', 'matured', 'rolled_over', 'withdrawn_early')`),
    check("investment_maturity_instruction", sql`${table.maturityInstruction} in ('payout', 'rollover_principal', 'rollover_all')`),
    // One successor at most: a rollover that ran twice could never open two investments.
    uniqueIndex("investment_rolled_over_from_idx").on(table.rolledOverFrom),
  ],
);

export const payout = pgTable(
  "payout",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    walletAddress: text("wallet_address").notNull(),
    status: text("status").notNull().default("requested"),
    txId: text("tx_id"),
    rejectReason: text("reject_reason"),
    holdJournalId: text("hold_journal_id").references(() => journal.id),
    settleJournalId: text("settle_journal_id").references(() => journal.id),
    decidedBy: text("decided_by").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Four eyes (PAYOUT_APPROVAL_USD): the second admin who let a large payout be sent; never the one who marks it paid. */
    approvedBy: text("approved_by").references(() => user.id),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /**
     * Whether it needs a second admin: set at request time from the payouts to this user or this
     * address over 24 hours, this one included (PAYOUT_APPROVAL_USD). Null on payouts made before
     * the rule, which fall back to their own amount.
     */
    needsApproval: boolean("needs_approval"),
    createdAt: createdAt(),
    /*
     * Automatic crypto mode: the rate the payout is sent at (US cents per bitcoin) and the
     * satoshis that makes, fixed when an operator approves it, by whom and when; null before.
     */
    rateCentsPerBtc: bigint("rate_cents_per_btc", { mode: "bigint" }),
    amountSats: bigint("amount_sats", { mode: "bigint" }),
    rateFixedBy: text("rate_fixed_by").references(() => user.id),
    rateFixedAt: timestamp("rate_fixed_at", { withTimezone: true }),
  },
  (table) => [
    index("payout_user_id_created_at_idx").on(table.userId, table.createdAt),
    // The history marks a withdrawal still waiting to be sent as pending, from its hold journal.
    index("payout_hold_journal_id_idx").on(table.holdJournalId),
    // The database holds the rule too: whoever marked a payout paid is not whoever approved it (rejecting is anyone's).
    check("payout_four_eyes", sql`${table.status} <> 'paid' or ${table.approvedBy} is null or ${table.approvedBy} <> ${table.decidedBy}`),
    index("payout_status_created_at_idx").on(table.status, table.createdAt),
    check("payout_amount_positive", sql`${table.amountCents} > 0`),
    check("payout_status", sql`${table.status} in ('requested', 'paid', 'rejected', 'cancelled')`),
    check(
      "payout_rate_whole",
      sql`(${table.rateCentsPerBtc} is null and ${table.amountSats} is null and ${table.rateFixedAt} is null)
        or (${table.rateCentsPerBtc} > 0 and ${table.amountSats} > 0 and ${table.rateFixedAt} is not null)`,
    ),
  ],
);

/** Money one user sends another from their available balance. */
export const transfer = pgTable(
  "transfer",
  {
    id: text("id").primaryKey(),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    note: text("note"),
    journalId: text("journal_id")
      .notNull()
      .references(() => journal.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("transfer_from_idx").on(table.fromUserId, table.createdAt),
    index("transfer_to_idx").on(table.toUserId, table.createdAt),
    // The history names the other person of a transfer journal it lists.
    index("transfer_journal_id_idx").on(table.journalId),
    check("transfer_amount_positive", sql`${table.amountCents} > 0`),
    check("transfer_not_self", sql`${table.fromUserId} <> ${table.toUserId}`),
  ],
);

/** A request that another user pay; answered (paid or declined) at most once. */
export const moneyRequest = pgTable(
  "money_request",
  {
    id: text("id").primaryKey(),
    requesterId: text("requester_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    payerId: text("payer_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    wallet: text("wallet"),
    walletAddress: text("wallet_address"),
    note: text("note"),
    status: text("status").notNull().default("pending"),
    transferId: text("transfer_id").references(() => transfer.id),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("money_request_payer_idx").on(table.payerId, table.createdAt),
    index("money_request_requester_idx").on(table.requesterId, table.createdAt),
    check("money_request_amount_positive", sql`${table.amountCents} > 0`),
    check("money_request_status", sql`${table.status} in ('pending', 'paid', 'declined')`),
    check("money_request_not_self", sql`${table.requesterId} <> ${table.payerId}`),
  ],
);

/**
 * Every e-mail we send is a row here first, written in the transaction of the change that causes
 * it, so a commit never loses its mail and a rollback never sends one. A deliverer takes due rows
 * under a lease, sends them, and marks them sent, or schedules a retry with backoff; after a day
 * of failures a message is dead and kept for an operator to see. Subject and text are the message's
 * own words; the site's name and address are added when it is sent (server/mail/brand.ts).
 */
export const outgoingMail = pgTable(
  "outgoing_mail",
  {
    id: text("id").primaryKey(),
    /** What the message is about (notification kind, "password-reset", "verify-email"), never its text. */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** A path on our site, made absolute with PUBLIC_URL when the message is sent. */
    link: text("link"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending message may next be tried; a claimed one is leased until this time. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outgoing_mail_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check("outgoing_mail_status", sql`${table.status} in ('pending', 'sent', 'dead')`),
  ],
);

/**
 * The last run of each periodic job (today only "settlement"), overwritten by each run: the back office's overview shows when settlement last ran and what it
 * paid (decision 0033). Not a history: the journals are that.
 */
export const settlementRun = pgTable("settlement_run", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
  settled: integer("settled").notNull(),
  profitCents: bigint("profit_cents", { mode: "bigint" }).notNull(),
  /** Why the run failed, or null when it finished. */
  error: text("error"),
});

/**
 * The ledger's totals at a moment (decision 0065), as a stored day's end and a stored hour's end
 * keep them, with when the job computed them.
 */
const ledgerTotalsColumns = () => ({
  /** Every user account of each kind together (they add up to under management). */
  availableCents: bigint("available_cents", { mode: "bigint" }).notNull(),
  investedCents: bigint("invested_cents", { mode: "bigint" }).notNull(),
  payoutHoldCents: bigint("payout_hold_cents", { mode: "bigint" }).notNull(),
  /** The platform accounts' balances: the sum of every posting to each so far. */
  depositsAccountCents: bigint("deposits_account_cents", { mode: "bigint" }).notNull(),
  interestAccountCents: bigint("interest_account_cents", { mode: "bigint" }).notNull(),
  payoutsAccountCents: bigint("payouts_account_cents", { mode: "bigint" }).notNull(),
  feesAccountCents: bigint("fees_account_cents", { mode: "bigint" }).notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/**
 * What moved per completed UTC day (decision 0061), written by the daily-figures job
 * (server/services/daily-figures/sum-completed-days.ts) so the overview's 90-day charts read 90 rows
 * instead of the postings. Deposits are what p:deposits credited, payouts what p:payouts received;
 * under management is every user account's balance at the day's end. Rows are never changed by
 * anything else; the job may write a day again with the same figures.
 *
 * The ledger's totals at the day's end (decision 0065) let the overview read its liabilities and
 * flows as the last stored day plus the postings since, instead of every account and posting.
 */
export const dailyFigures = pgTable("daily_figures", {
  day: date("day", { mode: "string" }).primaryKey(),
  depositsCents: bigint("deposits_cents", { mode: "bigint" }).notNull(),
  payoutsCents: bigint("payouts_cents", { mode: "bigint" }).notNull(),
  underManagementCents: bigint("under_management_cents", { mode: "bigint" }).notNull(),
  ...ledgerTotalsColumns(),
});

/**
 * The ledger's totals at the end of a completed hour of the current UTC day (decision 0067), written
 * by the daily-figures job from the day before's row (or the day's previous hour) plus the hour's
 * postings, so the overview sums the postings since the last hour rather than since midnight.
 * Derived data: the job keeps the last two days' and writes an hour at most once.
 */
export const ledgerTotalsHour = pgTable("ledger_totals_hour", {
  /** The hour's end: the totals are every posting dated before it. */
  at: timestamp("at", { withTimezone: true }).primaryKey(),
  ...ledgerTotalsColumns(),
});

/**
 * One row per maturity reminder sent (kind "7d" or "1d"), written in the transaction that stores its
 * notification and queues its e-mail: the key makes a second run, on any server or after a
 * restart, send nothing.
 */
export const maturityReminder = pgTable(
  "maturity_reminder",
  {
    investmentId: text("investment_id")
      .notNull()
      .references(() => investment.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.investmentId, table.kind] }), check("maturity_reminder_kind", sql`${table.kind} in ('7d', '1d')`)],
);

/**
 * One row per user and month whose "your statement is ready" e-mail was queued: claimed in the same
 * transaction as the mail, so a second run, another server or a retry sends nothing again.
 */
export const statementNotice = pgTable(
  "statement_notice",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The statement's month, `YYYY-MM` (UTC). */
    month: text("month").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] }), check("statement_notice_month", sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/** The result of each daily ledger check (verifyLedger): the back office and metrics read the last one. */
export const ledgerCheck = pgTable("ledger_check", {
  id: text("id").primaryKey(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  problemCount: integer("problem_count").notNull(),
  /** The first problems found, as verifyLedger words them (at most 100). */
  problems: jsonb("problems").$type<string[]>().notNull(),
});

/**
 * Which version of the ledger's SQL (server/db/sql/) the database holds: a digest of those files and
 * of the last migration. Migrating applies the files again whenever it differs (server/db/ledger-sql.ts).
 */
/**
 * Each periodic check of the audit chain (decision 0063): how far the chain was whole (the next
 * check walks on from there, and first makes sure that entry's hash is unchanged), and how far its
 * sweep through the older entries has got (0: it starts over next time).
 */
export const auditCheck = pgTable(
  "audit_check",
  {
    id: text("id").primaryKey(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    headSeq: bigint("head_seq", { mode: "bigint" }).notNull(),
    headHash: text("head_hash").notNull(),
    sweptTo: bigint("swept_to", { mode: "bigint" }).notNull(),
    entries: integer("entries").notNull(),
    brokenSeq: bigint("broken_seq", { mode: "bigint" }),
    brokenReason: text("broken_reason"),
  },
  (table) => [index("audit_check_checked_at_idx").on(table.checkedAt)],
);

export const ledgerSqlVersion = pgTable("ledger_sql_version", {
  name: text("name").primaryKey(),
  digest: text("digest").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Four eyes on what one operator must not do alone (docs/security.md, "Four eyes"): a deposit
 * credited above what was declared, the admin role granted, a plan's rate or term changed. The
 * first admin's request waits here with what it would do (`payload`); a second admin approves
 * (the change is made then, in the same transaction) or rejects it. The database refuses a
 * decision by the admin who asked; the services refuse one about the decider's own account.
 */
export const approval = pgTable(
  "approval",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The account the decision is about (a deposit's owner, the user given the role); null for a plan. */
    subjectUserId: text("subject_user_id").references(() => user.id),
    payload: jsonb("payload").notNull(),
    /** The requesting admin's words. */
    reason: text("reason").notNull(),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => user.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
  },
  (table) => [
    check("approval_kind", sql`${table.kind} in ('deposit_confirm', 'role_grant', 'plan_change')`),
    check("approval_status", sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check("approval_four_eyes", sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`),
    // One open request per thing: a second one waits for the first to be decided.
    uniqueIndex("approval_pending_target_idx").on(table.kind, table.targetId).where(sql`${table.status} = 'pending'`),
    index("approval_status_requested_at_idx").on(table.status, table.requestedAt),
  ],
);

/** Raw bytes (PostgreSQL bytea): the encrypted identity files and their wrapped keys. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const KYC_CASE_STATUSES = ["draft", "submitted", "in_review", "approved", "rejected", "resubmission_requested", "expired"] as const;

/**
 * An account's identity check: one case per account, reused when the investor
 * resubmits or renews an expired document; every decision on it is an audit entry. The account's
 * level is `user.verification_level`, set in the same transaction as the decision.
 */
export const identityCase = pgTable(
  "identity_case",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .unique("identity_case_user_unique")
      .references(() => user.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("draft"),
    legalName: text("legal_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /** ISO 3166-1 alpha-2. */
    country: text("country"),
    address: text("address"),
    documentType: text("document_type"),
    documentNumber: text("document_number"),
    documentCountry: text("document_country"),
    documentExpiresOn: date("document_expires_on", { mode: "string" }),
    /** The operator's words on a rejection or a request for new documents, shown to the investor. */
    reason: text("reason"),
    /** The files an operator asked to replace (identity_document ids). */
    replaceDocumentIds: jsonb("replace_document_ids").$type<string[]>().notNull().default([]),
    /** The operator working the case, so two don't decide one. */
    assigneeId: text("assignee_id").references(() => user.id),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id),
    /** When the investor was told their document expires within a month (once per document). */
    expiryNoticeAt: timestamp("expiry_notice_at", { withTimezone: true }),
    /**
     * When the retention job cleared what the investor gave (name, birth date, address, the
     * document's number and country) with the files, KYC_RETENTION_YEARS after the account closed.
     */
    personalDataPurgedAt: timestamp("personal_data_purged_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("identity_case_status", sql`${table.status} in ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'resubmission_requested', 'expired')`),
    check("identity_case_document_type", sql`${table.documentType} is null or ${table.documentType} in ('passport', 'id_card', 'driving_licence')`),
    /** The operator's queue: by status, oldest submission first. */
    index("identity_case_status_submitted_idx").on(table.status, table.submittedAt, table.id),
    /** The expiry job's read: approved cases by their document's expiry. */
    index("identity_case_expiry_idx").on(table.documentExpiresOn).where(sql`${table.status} = 'approved'`),
  ],
);

/**
 * A file of an identity case, encrypted at rest (AES-256-GCM under its own key, the key wrapped by
 * KYC_ENCRYPTION_KEY): `wrapped_key` and `content` are each iv ‖ tag ‖ ciphertext. The type is
 * the one read from the bytes. `replaced_at` when the investor removed or replaced it (kept as
 * evidence); `purged_at` when the retention job deleted the bytes (both byte columns null then).
 */
export const identityDocument = pgTable(
  "identity_document",
  {
    id: text("id").primaryKey(),
    caseId: text("case_id")
      .notNull()
      .references(() => identityCase.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** SHA-256 of the plain bytes, hex: what was received, provable without decrypting. */
    sha256: text("sha256").notNull(),
    wrappedKey: bytea("wrapped_key"),
    content: bytea("content"),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (table) => [
    index("identity_document_case_idx").on(table.caseId, table.createdAt),
    check("identity_document_type", sql`${table.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check("identity_document_bytes", sql`(${table.purgedAt} is null) = (${table.content} is not null and ${table.wrappedKey} is not null)`),
  ],
);

/**
 * Where an investor's payouts may go: added with a second factor, confirmed by the
 * e-mailed link, usable from `usable_from` (confirmation + WITHDRAWAL_ADDRESS_DELAY_HOURS);
 * removing stamps `removed_at` (kept for the audit and the export).
 */
export const withdrawalAddress = pgTable(
  "withdrawal_address",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    address: text("address").notNull(),
    label: text("label").notNull(),
    /** SHA-256 of the e-mailed token, hex; the token itself is never stored. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    usableFrom: timestamp("usable_from", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("withdrawal_address_user_address_idx").on(table.userId, table.address).where(sql`${table.removedAt} is null`),
    uniqueIndex("withdrawal_address_token_idx").on(table.confirmTokenHash),
  ],
);

export const schema = {
  user,
  session,
  account,
  verification,
  twoFactor,
  rateLimit,
  plan,
  contactMessage,
  ledgerAccount,
  journal,
  posting,
  deposit,
  depositAddress,
  bankReference,
  idempotencyRecord,
  notification,
  auditLog,
  signInFailureTally,
  investment,
  payout,
  transfer,
  moneyRequest,
  outgoingMail,
  maturityReminder,
  statementNotice,
  ledgerCheck,
  ledgerSqlVersion,
  settlementRun,
  dailyFigures,
  approval,
  identityCase,
  identityDocument,
  withdrawalAddress,
};
