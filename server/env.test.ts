import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.js";

const OPERATOR = {
  OPERATOR_LEGAL_NAME: "Termvest Holdings Ltd",
  OPERATOR_REGISTRATION_NUMBER: "RC 1234567",
  OPERATOR_REGISTERED_ADDRESS: "4 Broad Street, Lagos",
  OPERATOR_REGULATOR: "Securities and Exchange Commission, Nigeria",
};
const CONTACTS = { SUPPORT_EMAIL: "help@termvest.example", SUPPORT_PHONE: "+234 700 111 2222", SITE_ADDRESS: "4 Broad Street, Lagos" };
const BANK = { BANK_ACCESS_ACCOUNT_NUMBER: "0123456789", BANK_ACCESS_CURRENCY: "NGN" };
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "s".repeat(32),
  KYC_ENCRYPTION_KEY: "ab".repeat(32),
  PUBLIC_URL: "https://termvest.example",
  BITCOIN_ADDRESS: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
  ...OPERATOR,
  ...CONTACTS,
  ...BANK,
};

describe("loadConfig", () => {
  it("runs locally with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: "development", port: 3000, publicUrl: "http://localhost:3000", databaseUrl: undefined, rateLimit: true });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.site.social).toEqual({ facebook: undefined, instagram: undefined, linkedin: undefined, twitter: undefined });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ SOCIAL_TWITTER_URL: "javascript:alert(1)" })).toThrow(/SOCIAL_TWITTER_URL/);
    expect(() => loadConfig({ RATE_LIMIT: "maybe" })).toThrow(/RATE_LIMIT/);
    expect(() => loadConfig({ BANK_UBA_ACCOUNT_NUMBER: "12ab" })).toThrow(/BANK_UBA_ACCOUNT_NUMBER/);
  });

  it("requires the secret, the public URL and a deposit address in production", () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: "production" });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems.join("\n")).toMatch(/AUTH_SECRET: is required/);
    expect(error?.problems.join("\n")).toMatch(/PUBLIC_URL: is required/);
    expect(error?.problems.join("\n")).toMatch(/BITCOIN_ADDRESS/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "short", PUBLIC_URL: "https://termvest.example" })).toThrow(/AUTH_SECRET: must be at least 32/);
  });

  it("requires the KYC key in production, 32 bytes as hex anywhere, and reads the identity settings", () => {
    expect(() => loadConfig({ ...PRODUCTION, KYC_ENCRYPTION_KEY: undefined })).toThrow(/KYC_ENCRYPTION_KEY: is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...PRODUCTION, KYC_ENCRYPTION_KEY: "" })).toThrow(/KYC_ENCRYPTION_KEY: is required when NODE_ENV=production/);
    expect(() => loadConfig({ KYC_ENCRYPTION_KEY: "ab".repeat(31) })).toThrow(/KYC_ENCRYPTION_KEY: must be 32 bytes as 64 hex characters/);
    expect(() => loadConfig({ KYC_ENCRYPTION_KEY: "zz".repeat(32) })).toThrow(/KYC_ENCRYPTION_KEY/);
    expect(loadConfig(PRODUCTION).kyc).toEqual({ unverifiedDepositLimitCents: 100_000n, encryptionKey: Buffer.alloc(32, 0xab), retentionYears: 5 });
    // Outside production the server makes one into the data directory (server/data-dir.ts).
    expect(loadConfig({}).kyc.encryptionKey).toBeUndefined();
    expect(loadConfig({ KYC_UNVERIFIED_DEPOSIT_LIMIT_USD: "250", KYC_RETENTION_YEARS: "7" }).kyc).toMatchObject({ unverifiedDepositLimitCents: 25_000n, retentionYears: 7 });
    expect(() => loadConfig({ KYC_RETENTION_YEARS: "0" })).toThrow(/KYC_RETENTION_YEARS/);
  });

  it("refuses a PUBLIC_URL that is not https:// in production, but for this machine itself", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "http://termvest.example" })).toThrow(/PUBLIC_URL: must start with https:\/\//);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "http://10.0.0.5:3000" })).toThrow(/PUBLIC_URL/);
    for (const local of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: local }).publicUrl).toBe(local);
    }
    expect(loadConfig({ PUBLIC_URL: "http://termvest.example" }).publicUrl).toBe("http://termvest.example");
  });

  it("reads PostgreSQL, SMTP, social links and rate limiting from the environment", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/termvest",
      SMTP_URL: "smtp://mail.example:2525",
      SOCIAL_LINKEDIN_URL: "https://linkedin.com/company/termvest",
      RATE_LIMIT: "off",
      PUBLIC_URL: "https://termvest.example/",
    });
    expect(config.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/termvest");
    expect(config.databaseReadUrl).toBeUndefined();
    expect(config.smtpUrl).toBe("smtp://mail.example:2525");
    expect(config.site.social.linkedin).toBe("https://linkedin.com/company/termvest");
    expect(config.rateLimit).toBe(false);
    expect(config.publicUrl).toBe("https://termvest.example");
  });

  it("takes a read replica only beside PostgreSQL", () => {
    const primary = "postgres://termvest@10.0.0.5:5432/termvest";
    const replica = "postgresql://termvest@10.0.0.6:5432/termvest";
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: " " }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(/DATABASE_READ_URL: is only valid with DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: "mysql://x" })).toThrow(/DATABASE_READ_URL/);
  });

  it("serves the mail outbox only when DEV_MAIL is on, on a loopback address, outside production", () => {
    expect(loadConfig({}).devMail).toBe(false);
    for (const host of ["127.0.0.1", "::1", "localhost"]) expect(loadConfig({ DEV_MAIL: "on", HOST: host }).devMail).toBe(true);
    expect(loadConfig({ DEV_MAIL: "on" }).devMail).toBe(true);
    expect(() => loadConfig({ DEV_MAIL: "on", HOST: "0.0.0.0" })).toThrow(/DEV_MAIL: is allowed only when HOST is loopback \(127\.0\.0\.1, ::1 or localhost\), not 0\.0\.0\.0/);
    expect(() => loadConfig({ DEV_MAIL: "1", HOST: "192.168.1.20" })).toThrow(/DEV_MAIL/);
    const production = PRODUCTION;
    expect(loadConfig(production).devMail).toBe(false);
    expect(() => loadConfig({ ...production, DEV_MAIL: "on", HOST: "127.0.0.1" })).toThrow(/DEV_MAIL: must be off when NODE_ENV=production/);
    expect(() => loadConfig({ DEV_MAIL: "maybe" })).toThrow(/DEV_MAIL/);
  });

  it("never lets the absolute session lifetime be shorter than the idle timeout", () => {
    const config = loadConfig({ SESSION_IDLE_DAYS: "10", SESSION_MAX_DAYS: "5" });
    expect(config.session.maxSeconds).toBe(config.session.idleSeconds);
  });

  it("requires the operator's legal details in production, naming each missing one", () => {
    for (const name of Object.keys(OPERATOR)) {
      expect(() => loadConfig({ ...PRODUCTION, [name]: "" })).toThrow(new RegExp(`${name}: is required when NODE_ENV=production`));
    }
    expect(() => loadConfig({ ...PRODUCTION, OPERATOR_REGULATOR: undefined })).toThrow(/OPERATOR_REGULATOR: is required when NODE_ENV=production \(the regulator's name, or "not regulated"\)/);
    expect(loadConfig(PRODUCTION).site.operator).toEqual({
      legalName: "Termvest Holdings Ltd",
      registrationNumber: "RC 1234567",
      registeredAddress: "4 Broad Street, Lagos",
      regulator: "Securities and Exchange Commission, Nigeria",
      example: false,
    });
    expect(loadConfig({ ...PRODUCTION, OPERATOR_REGULATOR: "Not regulated" }).site.operator.regulator).toBeNull();
  });

  it("requires the support contacts and a real bank account in production, naming what is missing", () => {
    for (const name of Object.keys(CONTACTS)) {
      expect(() => loadConfig({ ...PRODUCTION, [name]: "" })).toThrow(new RegExp(`${name}: is required when NODE_ENV=production`));
    }
    expect(() => loadConfig({ ...PRODUCTION, BANK_ACCESS_ACCOUNT_NUMBER: "", BANK_ACCESS_CURRENCY: "" })).toThrow(/BANK_ACCESS_ACCOUNT_NUMBER: or another bank's account is required/);
    expect(() => loadConfig({ ...PRODUCTION, BANK_ACCESS_CURRENCY: "" })).toThrow(/BANK_ACCESS_CURRENCY: is required with BANK_ACCESS_ACCOUNT_NUMBER/);
    expect(() => loadConfig({ ...PRODUCTION, BANK_UBA_CURRENCY: "NGN" })).toThrow(/BANK_UBA_ACCOUNT_NUMBER: is required with BANK_UBA_CURRENCY/);
    expect(() => loadConfig({ ...PRODUCTION, BANK_ACCESS_CURRENCY: "naira" })).toThrow(/BANK_ACCESS_CURRENCY: must be a three-letter currency code/);
    // The payee is the operator's legal name, or the page says why not.
    expect(() => loadConfig({ ...PRODUCTION, BANK_ACCESS_ACCOUNT_NAME: "Paystack Collections Ltd" })).toThrow(/BANK_ACCESS_ACCOUNT_NAME_NOTE: must say why/);
    const config = loadConfig(PRODUCTION);
    expect(config.site.banks).toEqual([
      { key: "access", name: "Access Bank", accountNumber: "0123456789", accountName: OPERATOR.OPERATOR_LEGAL_NAME, payeeNote: null, currency: "NGN" },
    ]);
    expect(config.site).toMatchObject({ banksExample: false, contactsExample: false, supportEmail: CONTACTS.SUPPORT_EMAIL });
    const agent = loadConfig({ ...PRODUCTION, BANK_ACCESS_ACCOUNT_NAME: "Paystack Collections Ltd", BANK_ACCESS_ACCOUNT_NAME_NOTE: "our licensed collection agent" });
    expect(agent.site.banks[0]).toMatchObject({ accountName: "Paystack Collections Ltd", payeeNote: "our licensed collection agent" });
  });

  it("offers marked example accounts and contacts outside production, and nothing invented in their place", () => {
    const local = loadConfig({});
    expect(local.site).toMatchObject({ banksExample: true, contactsExample: true });
    expect(local.site.banks.map((bank) => [bank.key, bank.accountName])).toEqual([
      ["access", "Example Operator Ltd"],
      ["uba", "Example Operator Ltd"],
      ["gtbank", "Example Operator Ltd"],
    ]);
    // One real account set locally: only it is offered, not examples beside it.
    const configured = loadConfig({ BANK_GTBANK_ACCOUNT_NUMBER: "5566778899", BANK_GTBANK_CURRENCY: "USD" });
    expect(configured.site.banksExample).toBe(false);
    expect(configured.site.banks.map((bank) => bank.key)).toEqual(["gtbank"]);
  });

  it("shows example operator details outside production, marked as examples", () => {
    expect(loadConfig({}).site.operator).toMatchObject({ legalName: "Example Operator Ltd", regulator: null, example: true });
    expect(loadConfig({ ...OPERATOR }).site.operator.example).toBe(false);
    expect(loadConfig({ OPERATOR_LEGAL_NAME: "Only This Ltd" }).site.operator).toMatchObject({ legalName: "Only This Ltd", example: true });
  });

  it("reads the minimum a public count must reach before the home page shows it", () => {
    expect(loadConfig({}).site.publicStatsMin).toBe(50);
    expect(loadConfig({ PUBLIC_STATS_MIN: "0" }).site.publicStatsMin).toBe(0);
    expect(() => loadConfig({ PUBLIC_STATS_MIN: "-1" })).toThrow(/PUBLIC_STATS_MIN/);
    expect(() => loadConfig({ PUBLIC_STATS_MIN: "ten" })).toThrow(/PUBLIC_STATS_MIN/);
  });

  it("reads the hours within which a withdrawal is sent: 24 by default, a whole number from 1 to 720", () => {
    expect(loadConfig({}).site.payouts).toEqual({ inBitcoin: false, sendHours: 24 });
    expect(loadConfig({ PAYOUT_SEND_HOURS: " " }).site.payouts.sendHours).toBe(24);
    expect(loadConfig({ PAYOUT_SEND_HOURS: "1" }).site.payouts.sendHours).toBe(1);
    expect(loadConfig({ PAYOUT_SEND_HOURS: "720" }).site.payouts.sendHours).toBe(720);
    for (const bad of ["0", "721", "1.5", "a day"]) {
      expect(() => loadConfig({ PAYOUT_SEND_HOURS: bad }), bad).toThrow(/PAYOUT_SEND_HOURS: must be a whole number from 1 to 720/);
    }
  });
});

describe("loadConfig: crypto deposits", () => {
  const ZPUB = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
  const AUTOMATIC = {
    BITCOIN_XPUB: ZPUB,
    BITCOIN_ESPLORA_URLS: "https://blockstream.info/api/, https://mempool.space/api",
    BTC_RATE_SOURCES: "kraken=https://api.kraken.com,coinbase=https://api.coinbase.com/",
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it("is manual with nothing set, as before", () => {
    expect(loadConfig({}).bitcoin).toEqual({ mode: "manual", invoices: undefined, incomplete: null });
    // An xpub alone is today's manual mode with a fresh address per deposit.
    expect(loadConfig({ BITCOIN_XPUB: ZPUB }).bitcoin).toEqual({ mode: "manual", invoices: undefined, incomplete: null });
    expect(loadConfig(PRODUCTION).bitcoin.mode).toBe("manual");
  });

  it("is automatic with the xpub, the chain sources and the rate sources, with the defaults", () => {
    expect(loadConfig(AUTOMATIC).bitcoin).toEqual({
      mode: "automatic",
      incomplete: null,
      invoices: {
        xpub: ZPUB,
        esploraUrls: ["https://blockstream.info/api", "https://mempool.space/api"],
        confirmations: 1,
        invoiceMinutes: 15,
        monitorHours: 24,
        pollSeconds: 30,
        rateSources: [
          { name: "kraken", baseUrl: "https://api.kraken.com" },
          { name: "coinbase", baseUrl: "https://api.coinbase.com" },
        ],
      },
    });
    const tuned = loadConfig({ ...AUTOMATIC, BITCOIN_CONFIRMATIONS: "0", BITCOIN_INVOICE_MINUTES: "1440", BITCOIN_MONITOR_HOURS: " 720 ", BITCOIN_POLL_SECONDS: "1" });
    expect(tuned.bitcoin.invoices).toMatchObject({ confirmations: 0, invoiceMinutes: 1440, monitorHours: 720, pollSeconds: 1 });
    expect(loadConfig({ ...AUTOMATIC, ...PRODUCTION, BITCOIN_XPUB: ZPUB }).bitcoin.mode).toBe("automatic");
  });

  it("prices withdrawals in bitcoin exactly in automatic mode, and says so to the web", () => {
    expect(loadConfig(AUTOMATIC).site.payouts.inBitcoin).toBe(true);
    expect(loadConfig({ BITCOIN_XPUB: ZPUB, BTC_RATE_SOURCES: AUTOMATIC.BTC_RATE_SOURCES }).site.payouts.inBitcoin).toBe(false);
  });

  it("keeps every URL as a base: trailing slashes dropped, paths kept, blank entries ignored", () => {
    const config = loadConfig({ ...AUTOMATIC, BITCOIN_ESPLORA_URLS: "http://127.0.0.1:3002//,, https://esplora.example/api/v1/ ", BTC_RATE_SOURCES: " Kraken = http://127.0.0.1:4001/ ," });
    expect(config.bitcoin.invoices?.esploraUrls).toEqual(["http://127.0.0.1:3002", "https://esplora.example/api/v1"]);
    expect(config.bitcoin.invoices?.rateSources).toEqual([{ name: "kraken", baseUrl: "http://127.0.0.1:4001" }]);
  });

  it.each([
    ["BITCOIN_CONFIRMATIONS", "7", "must be a whole number from 0 to 6"],
    ["BITCOIN_CONFIRMATIONS", "-1", "must be a whole number from 0 to 6"],
    ["BITCOIN_CONFIRMATIONS", "1.5", "must be a whole number from 0 to 6"],
    ["BITCOIN_CONFIRMATIONS", "one", "must be a whole number from 0 to 6"],
    ["BITCOIN_INVOICE_MINUTES", "0", "must be a whole number from 1 to 1440"],
    ["BITCOIN_INVOICE_MINUTES", "1441", "must be a whole number from 1 to 1440"],
    ["BITCOIN_MONITOR_HOURS", "721", "must be a whole number from 1 to 720"],
    ["BITCOIN_POLL_SECONDS", "0", "must be a whole number from 1 to 600"],
    ["BITCOIN_POLL_SECONDS", "1e2", "must be a whole number from 1 to 600"],
    ["BITCOIN_ESPLORA_URLS", "ftp://esplora.example", 'must be comma-separated http(s) base URLs: "ftp://esplora.example" must start with http:// or https://'],
    ["BITCOIN_ESPLORA_URLS", "blockstream.info/api", 'must be comma-separated http(s) base URLs: "blockstream.info/api" is not a URL'],
    ["BITCOIN_ESPLORA_URLS", "https://esplora.example/api?key=1", "must be a base URL, without ? or #"],
    ["BITCOIN_ESPLORA_URLS", "https://user:secret@esplora.example", "must not carry a user name or password"],
    ["BITCOIN_ESPLORA_URLS", "https://a.example/api,https://a.example/api/", "names https://a.example/api twice"],
    ["BTC_RATE_SOURCES", "binance=https://api.binance.com", 'names "binance", which is not a rate source Termvest knows (kraken, coinbase)'],
    ["BTC_RATE_SOURCES", "https://api.kraken.com", 'must be comma-separated name=baseURL pairs, such as kraken=https://api.kraken.com; "https://api.kraken.com" has no "="'],
    ["BTC_RATE_SOURCES", "kraken=api.kraken.com", 'kraken: "api.kraken.com" is not a URL'],
    ["BTC_RATE_SOURCES", "coinbase=javascript:alert(1)", "coinbase: \"javascript:alert(1)\" must start with http:// or https://"],
    ["BTC_RATE_SOURCES", "kraken=https://x.example,coinbase=https://x.example/", "names https://x.example twice"],
  ])("refuses %s=%s at start, saying why", (name, value, message) => {
    const expected = [expect.stringMatching(new RegExp(`^${name}: .*${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))];
    expect(problems({ ...AUTOMATIC, [name]: value })).toEqual(expected);
    // Also in manual mode: a bad value is a bad value whether or not it is used.
    expect(problems({ [name]: value })).toEqual(expected);
  });

  it("treats a blank number as unset, never as 0", () => {
    expect(loadConfig({ ...AUTOMATIC, BITCOIN_CONFIRMATIONS: "", BITCOIN_POLL_SECONDS: "  " }).bitcoin.invoices).toMatchObject({ confirmations: 1, pollSeconds: 30 });
  });

  it("stays manual outside production when the automatic settings are incomplete, saying what is missing", () => {
    expect(loadConfig({ BITCOIN_ESPLORA_URLS: AUTOMATIC.BITCOIN_ESPLORA_URLS }).bitcoin).toEqual({
      mode: "manual",
      invoices: undefined,
      incomplete: "BITCOIN_ESPLORA_URLS set without BITCOIN_XPUB and BTC_RATE_SOURCES",
    });
    expect(loadConfig({ ...AUTOMATIC, BTC_RATE_SOURCES: "" }).bitcoin).toMatchObject({ mode: "manual", incomplete: "BITCOIN_XPUB and BITCOIN_ESPLORA_URLS set without BTC_RATE_SOURCES" });
  });

  it("runs manual in production too when the automatic settings are incomplete, and says what is missing", () => {
    expect(problems({ ...PRODUCTION, BITCOIN_ESPLORA_URLS: AUTOMATIC.BITCOIN_ESPLORA_URLS })).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, BITCOIN_ESPLORA_URLS: AUTOMATIC.BITCOIN_ESPLORA_URLS }).bitcoin).toMatchObject({
      mode: "manual",
      incomplete: "BITCOIN_ESPLORA_URLS set without BITCOIN_XPUB and BTC_RATE_SOURCES",
    });
  });
});
