import path from "node:path";
import { z } from "zod";
import { parseAmount } from "#shared/money.js";
import { bankAccounts, bankProblems, bankVariables, type BankAccount } from "./env-banks.js";
import { baseUrlList, bitcoinSettings, rateSourceList, wholeNumber, type BitcoinSettings } from "./env-bitcoin.js";
import { validateExtendedPublicKey } from "./services/bitcoin/derive-address.js";

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const optionalUrl = (protocol: RegExp = /^https?$/) =>
  z.string().optional().transform(blankToUndefined).pipe(z.url({ protocol }).optional());

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : ["1", "true", "on", "yes"].includes(value),
    );

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

const text = (fallback: string) => z.string().trim().min(1).default(fallback);

const optionalText = () => z.string().optional().transform(blankToUndefined).pipe(z.string().max(300).optional());

/** A dollar amount from the environment ("10", "1000000.50"), as integer cents. */
const dollars = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseAmount(value);
      if (parsed.ok) return parsed.cents;
      ctx.addIssue({ code: "custom", message: "must be a positive dollar amount with at most two decimals" });
      return z.NEVER;
    });

/**
 * Every setting Termvest reads from the environment. Defaults are chosen so that a fresh
 * clone runs locally with none of them set; production refuses the ones that must not default.
 */
const OPERATOR_VARIABLES = ["OPERATOR_LEGAL_NAME", "OPERATOR_REGISTRATION_NUMBER", "OPERATOR_REGISTERED_ADDRESS", "OPERATOR_REGULATOR"] as const;
const CONTACT_VARIABLES = ["SUPPORT_EMAIL", "SUPPORT_PHONE", "SITE_ADDRESS"] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).optional(),
    PUBLIC_URL: optionalUrl(),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
    // A streaming replica of DATABASE_URL's database, for the reads that may lag by seconds (decision 0062).
    DATABASE_READ_URL: optionalUrl(/^postgres(ql)?$/),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: optionalUrl(/^smtps?$/),
    MAIL_FROM: text("Termvest <no-reply@termvest.localhost>"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: flag(false),
    RATE_LIMIT: flag(true),
    DEV_MAIL: flag(false),
    SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(7),
    SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
    // The bearer token Prometheus sends for GET /metrics; unset, the route does not exist (404).
    METRICS_TOKEN: z.string().optional().transform(blankToUndefined).pipe(z.string().min(24, "must be at least 24 characters").optional()),

    SITE_NAME: text("Termvest"),
    // How investors reach the operator. Unset outside production, examples are shown, marked as such.
    SUPPORT_EMAIL: z.string().optional().transform(blankToUndefined).pipe(z.email().optional()),
    SUPPORT_PHONE: optionalText(),
    SITE_ADDRESS: optionalText(),
    SOCIAL_FACEBOOK_URL: optionalUrl(),
    SOCIAL_INSTAGRAM_URL: optionalUrl(),
    SOCIAL_LINKEDIN_URL: optionalUrl(),
    SOCIAL_TWITTER_URL: optionalUrl(),

    // Who runs the site, in the footer and on the legal pages. Unset outside production, the
    // defaults below are shown with a notice that they are examples (docs/product.md, "Trust").
    OPERATOR_LEGAL_NAME: optionalText(),
    OPERATOR_REGISTRATION_NUMBER: optionalText(),
    OPERATOR_REGISTERED_ADDRESS: optionalText(),
    OPERATOR_REGULATOR: optionalText(),
    PUBLIC_STATS_MIN: z.coerce.number().int().min(0).default(50),

    // The operator's accounts for bank transfers (server/env-banks.ts).
    ...bankVariables,

    BITCOIN_ADDRESS: z
      .string()
      .trim()
      .regex(/^(bc1|tb1|[13mn2])[a-zA-HJ-NP-Z0-9]{20,90}$/, "must be a bitcoin address")
      .optional(),
    BITCOIN_XPUB: z
      .string()
      .trim()
      .refine(validateExtendedPublicKey, "must be the xpub or zpub of a native SegWit (BIP84, m/84'/0'/0') account")
      .optional(),
    // Automatic crypto deposits (server/env-bitcoin.ts): with BITCOIN_XPUB, both lists below turn them on.
    BITCOIN_ESPLORA_URLS: baseUrlList(),
    BTC_RATE_SOURCES: rateSourceList(),
    BITCOIN_CONFIRMATIONS: wholeNumber(0, 6, 1),
    BITCOIN_INVOICE_MINUTES: wholeNumber(1, 1440, 15),
    BITCOIN_MONITOR_HOURS: wholeNumber(1, 720, 24),
    BITCOIN_POLL_SECONDS: wholeNumber(1, 600, 30),
    DEPOSIT_MIN_USD: dollars("10"),
    DEPOSIT_MAX_USD: dollars("1000000"),
    DEPOSIT_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Deposits credited to one account within 24 hours that reach this need a second admin's approval (four eyes). */
    DEPOSIT_APPROVAL_USD: dollars("10000"),
    PAYOUT_MIN_USD: dollars("10"),
    PAYOUT_MAX_USD: dollars("50000"),
    PAYOUT_DAILY_MAX_USD: dollars("100000"),
    /** A payout at or above this needs a second admin's approval before it is marked paid (four eyes). */
    PAYOUT_APPROVAL_USD: dollars("10000"),
    /** Automatic crypto mode: the hours within which a withdrawal is sent, told to the investor before they confirm. */
    PAYOUT_SEND_HOURS: wholeNumber(1, 720, 24),
    /** Identity checks: what an unverified account may deposit in total, pending and credited together. */
    KYC_UNVERIFIED_DEPOSIT_LIMIT_USD: dollars("1000"),
    /** Wraps each identity file's own key (AES-256-GCM): 32 bytes as 64 hex characters. */
    KYC_ENCRYPTION_KEY: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 32 bytes as 64 hex characters").optional()),
    /** Years after an account closes that its identity files are kept, then deleted by a job. */
    KYC_RETENTION_YEARS: wholeNumber(1, 100, 5),
    /** Hours after its e-mailed confirmation before a new withdrawal address can be paid to. */
    WITHDRAWAL_ADDRESS_DELAY_HOURS: wholeNumber(0, 720, 24),
  })
  .superRefine((env, ctx) => {
    for (const [name, message] of bankProblems(env, { production: env.NODE_ENV === "production", legalName: env.OPERATOR_LEGAL_NAME })) {
      ctx.addIssue({ code: "custom", path: [name], message });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_READ_URL"], message: "is only valid with DATABASE_URL (a replica of that PostgreSQL database; the embedded one has none)" });
    }
    if (env.PAYOUT_MIN_USD > env.PAYOUT_MAX_USD) {
      ctx.addIssue({ code: "custom", path: ["PAYOUT_MIN_USD"], message: "must not be above PAYOUT_MAX_USD" });
    }
    if (env.DEPOSIT_MIN_USD > env.DEPOSIT_MAX_USD) {
      ctx.addIssue({ code: "custom", path: ["DEPOSIT_MIN_USD"], message: "must not be above DEPOSIT_MAX_USD" });
    }
    if (env.DEV_MAIL) {
      // The outbox holds every reset link; it may be served only to this machine, never in production.
      const host = env.HOST ?? (env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
      if (!LOOPBACK_HOSTS.has(host)) {
        ctx.addIssue({ code: "custom", path: ["DEV_MAIL"], message: `is allowed only when HOST is loopback (127.0.0.1, ::1 or localhost), not ${host}` });
      }
      if (env.NODE_ENV === "production") {
        ctx.addIssue({ code: "custom", path: ["DEV_MAIL"], message: "must be off when NODE_ENV=production" });
      }
    }
    if (env.NODE_ENV !== "production") return;
    if (!env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (!env.KYC_ENCRYPTION_KEY) {
      // Every server and every backup must read the identity files: one key, set by the operator.
      ctx.addIssue({ code: "custom", path: ["KYC_ENCRYPTION_KEY"], message: "is required when NODE_ENV=production" });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required when NODE_ENV=production" });
    } else if (!isHttpsOrLoopback(env.PUBLIC_URL)) {
      // Links in e-mail and the CSRF origin carry it: over plain HTTP a session cookie (Secure in
      // production) would never be sent back, and reset links would travel in the clear.
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "must start with https:// when NODE_ENV=production (http:// only for a loopback host, for a local trial)" });
    }
    for (const name of CONTACT_VARIABLES) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when NODE_ENV=production (investors are shown how to reach the operator)" });
    }
    for (const name of OPERATOR_VARIABLES) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `is required when NODE_ENV=production${name === "OPERATOR_REGULATOR" ? ' (the regulator\'s name, or "not regulated")' : ""}` });
    }
    if (!env.BITCOIN_ADDRESS && !env.BITCOIN_XPUB) {
      ctx.addIssue({
        code: "custom",
        path: ["BITCOIN_ADDRESS"],
        message: "BITCOIN_ADDRESS or BITCOIN_XPUB is required when NODE_ENV=production",
      });
    }
  });

/** https://…, or http:// to this machine itself (a production build tried locally). */
function isHttpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || LOOPBACK_HOSTS.has(hostname) || hostname === "[::1]" || /^127\./.test(hostname);
}

export type SocialNetwork = "facebook" | "instagram" | "linkedin" | "twitter";
export type { BankAccount, BitcoinSettings };
export type { BitcoinInvoiceSettings } from "./env-bitcoin.js";

export interface SiteSettings {
  name: string;
  supportEmail: string;
  phone: string;
  address: string;
  social: Partial<Record<SocialNetwork, string>>;
  /** True when a support contact was left unset (never in production): the pages say these are examples. */
  contactsExample: boolean;
  /** The accounts bank transfers may go to: the operator's, or (never in production) marked examples. */
  banks: BankAccount[];
  banksExample: boolean;
  bitcoin: { address: string; xpub: string | undefined };
  operator: OperatorSettings;
  /** Home-page counts below this are not shown (a young site is not advertised as "0 investors"). */
  publicStatsMin: number;
  /**
   * Withdrawals in bitcoin terms (decision 0055): `inBitcoin` exactly in automatic crypto mode, and
   * PAYOUT_SEND_HOURS, which the withdrawal's review states. Public: the bootstrap carries both.
   */
  payouts: { inBitcoin: boolean; sendHours: number };
}

/** The company that runs the site, as the law requires it to be named. */
export interface OperatorSettings {
  legalName: string;
  registrationNumber: string;
  registeredAddress: string;
  /** The regulator's name, or null when the operator declared "not regulated". */
  regulator: string | null;
  /** True when any of the four was left unset (never in production): the public pages say these are examples. */
  example: boolean;
}

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** A streaming replica of `databaseUrl`, only for reads that may lag by seconds; undefined: those read the primary. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimit: boolean;
  /** Serve the outbox at /dev/mail (loopback only, never in production, never with SMTP). */
  devMail: boolean;
  session: { idleSeconds: number; maxSeconds: number };
  /** GET /metrics answers only with this bearer token; undefined turns the route off. */
  metricsToken: string | undefined;
  deposits: { minCents: bigint; maxCents: bigint; expiryDays: number; approvalCents: bigint };
  payouts: { minCents: bigint; maxCents: bigint; dailyMaxCents: bigint; approvalCents: bigint };
  /**
   * Identity checks: the unverified deposit limit, the key that wraps the files' keys (undefined:
   * generated into the data directory, never in production), the years files are kept after closing.
   */
  kyc: { unverifiedDepositLimitCents: bigint; encryptionKey: Buffer | undefined; retentionYears: number };
  /** Withdrawal addresses become usable this many hours after their e-mailed confirmation. */
  withdrawalAddresses: { delayHours: number };
  /** Crypto deposits: automatic (invoices, a watched chain) or manual (an operator confirms); server/env-bitcoin.ts. */
  bitcoin: BitcoinSettings;
  site: SiteSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Well-known BIP84 test-vector address: fine for trying Termvest locally, refused in production. */
const LOCAL_BITCOIN_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const DAY = 24 * 60 * 60;

/** Shown only outside production, and always with the notice that they are examples. */
const EXAMPLE_CONTACTS = {
  SUPPORT_EMAIL: "support@example.com",
  SUPPORT_PHONE: "+234 800 000 0000",
  SITE_ADDRESS: "1 Example Street, Lagos, Nigeria",
} as const;

const EXAMPLE_OPERATOR = {
  OPERATOR_LEGAL_NAME: "Example Operator Ltd",
  OPERATOR_REGISTRATION_NUMBER: "RC 0000000",
  OPERATOR_REGISTERED_ADDRESS: "1 Example Street, Lagos, Nigeria",
  OPERATOR_REGULATOR: "not regulated",
} as const;

function operatorSettings(env: Partial<Record<(typeof OPERATOR_VARIABLES)[number], string>>): OperatorSettings {
  const value = (name: (typeof OPERATOR_VARIABLES)[number]) => env[name] ?? EXAMPLE_OPERATOR[name];
  const regulator = value("OPERATOR_REGULATOR");
  return {
    legalName: value("OPERATOR_LEGAL_NAME"),
    registrationNumber: value("OPERATOR_REGISTRATION_NUMBER"),
    registeredAddress: value("OPERATOR_REGISTERED_ADDRESS"),
    regulator: /^not regulated\.?$/i.test(regulator) ? null : regulator,
    example: OPERATOR_VARIABLES.some((name) => !env[name]),
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const operator = operatorSettings(env);
  const banks = bankAccounts(env, operator.legalName);
  const bitcoin = bitcoinSettings(env);
  const host = env.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1");
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    dataDir: path.resolve(env.DATA_DIR),
    authSecret: env.AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimit: env.RATE_LIMIT,
    devMail: env.DEV_MAIL,
    session: {
      idleSeconds: Math.round(env.SESSION_IDLE_DAYS * DAY),
      maxSeconds: Math.round(Math.max(env.SESSION_MAX_DAYS, env.SESSION_IDLE_DAYS) * DAY),
    },
    metricsToken: env.METRICS_TOKEN,
    deposits: { minCents: env.DEPOSIT_MIN_USD, maxCents: env.DEPOSIT_MAX_USD, expiryDays: env.DEPOSIT_EXPIRY_DAYS, approvalCents: env.DEPOSIT_APPROVAL_USD },
    payouts: { minCents: env.PAYOUT_MIN_USD, maxCents: env.PAYOUT_MAX_USD, dailyMaxCents: env.PAYOUT_DAILY_MAX_USD, approvalCents: env.PAYOUT_APPROVAL_USD },
    kyc: {
      unverifiedDepositLimitCents: env.KYC_UNVERIFIED_DEPOSIT_LIMIT_USD,
      encryptionKey: env.KYC_ENCRYPTION_KEY ? Buffer.from(env.KYC_ENCRYPTION_KEY, "hex") : undefined,
      retentionYears: env.KYC_RETENTION_YEARS,
    },
    withdrawalAddresses: { delayHours: env.WITHDRAWAL_ADDRESS_DELAY_HOURS },
    bitcoin,
    site: {
      name: env.SITE_NAME,
      supportEmail: env.SUPPORT_EMAIL ?? EXAMPLE_CONTACTS.SUPPORT_EMAIL,
      phone: env.SUPPORT_PHONE ?? EXAMPLE_CONTACTS.SUPPORT_PHONE,
      address: env.SITE_ADDRESS ?? EXAMPLE_CONTACTS.SITE_ADDRESS,
      contactsExample: CONTACT_VARIABLES.some((name) => !env[name]),
      social: {
        facebook: env.SOCIAL_FACEBOOK_URL,
        instagram: env.SOCIAL_INSTAGRAM_URL,
        linkedin: env.SOCIAL_LINKEDIN_URL,
        twitter: env.SOCIAL_TWITTER_URL,
      },
      banks: banks.accounts,
      banksExample: banks.example,
      bitcoin: { address: env.BITCOIN_ADDRESS ?? LOCAL_BITCOIN_ADDRESS, xpub: env.BITCOIN_XPUB },
      operator,
      publicStatsMin: env.PUBLIC_STATS_MIN,
      payouts: { inBitcoin: bitcoin.mode === "automatic", sendHours: env.PAYOUT_SEND_HOURS },
    },
  };
}
