import { z } from "zod";
import { RATE_SOURCE_NAMES, type RateSourceName, type RateSourceSetting } from "./services/bitcoin/rates/sources.js";

/**
 * The settings of automatic crypto deposits (decision 0052), read once by server/env.ts.
 *
 * Crypto deposits are **automatic** (an invoice at a locked rate, a watched chain, crediting without
 * a person) when `BITCOIN_XPUB` (a fresh address per invoice), `BITCOIN_ESPLORA_URLS` (where the
 * chain is read) and `BTC_RATE_SOURCES` (where the price comes from) are all set; otherwise they are
 * **manual**, as before: the investor claims, an operator checks the chain and confirms. Setting
 * only some of the three runs manual, as the issue asks ("without BITCOIN_ESPLORA_URLS, or without
 * BITCOIN_XPUB, crypto deposits work as today"), and the start log warns what is missing.
 */

export interface BitcoinInvoiceSettings {
  /** The watch-only account key every invoice's address is derived from. */
  xpub: string;
  /** Esplora-compatible API base URLs, without a trailing slash; all must agree before anything is done. */
  esploraUrls: string[];
  /** Confirmations before a payment is credited (0–6). */
  confirmations: number;
  /** How long an invoice's rate holds, and its countdown (1–1440). */
  invoiceMinutes: number;
  /** How long after expiry a payment is still looked for (1–720). */
  monitorHours: number;
  /** How often open invoices are polled (1–600). */
  pollSeconds: number;
  /** The exchanges asked for the price, in the configured order. */
  rateSources: RateSourceSetting[];
}

export interface BitcoinSettings {
  mode: "automatic" | "manual";
  /** Set exactly when `mode` is automatic. */
  invoices: BitcoinInvoiceSettings | undefined;
  /** Manual although some automatic settings were given: what is missing. */
  incomplete: string | null;
}

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A whole number in [min, max], `fallback` when unset or blank ("" never silently means 0). */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
      .optional(),
  ).transform((value) => value ?? fallback);

/** A base URL from the environment: http(s), no credentials, query or fragment; trailing slashes dropped. */
function baseUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `"${text}" is not a URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: `"${text}" must start with http:// or https://` };
  if (url.username || url.password) return { ok: false, message: `"${url.host}…" must not carry a user name or password (it is shown in logs and metrics)` };
  if (url.search || url.hash) return { ok: false, message: `"${text}" must be a base URL, without ? or #` };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

const items = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** `BITCOIN_ESPLORA_URLS`: comma-separated base URLs, each once; [] when unset. */
export const baseUrlList = () =>
  z.preprocess(
    blank,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const urls: string[] = [];
        for (const item of items(value ?? "")) {
          const parsed = baseUrl(item);
          if (!parsed.ok) {
            ctx.addIssue({ code: "custom", message: `must be comma-separated http(s) base URLs: ${parsed.message}` });
            return z.NEVER;
          }
          if (urls.includes(parsed.url)) {
            ctx.addIssue({ code: "custom", message: `names ${parsed.url} twice (each source must be a different API)` });
            return z.NEVER;
          }
          urls.push(parsed.url);
        }
        return urls;
      }),
  );

const KNOWN = RATE_SOURCE_NAMES.join(", ");

/** `BTC_RATE_SOURCES`: comma-separated `name=baseURL` pairs of known exchanges, each URL once; [] when unset. */
export const rateSourceList = () =>
  z.preprocess(
    blank,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const sources: RateSourceSetting[] = [];
        for (const item of items(value ?? "")) {
          const at = item.indexOf("=");
          if (at < 0) {
            ctx.addIssue({ code: "custom", message: `must be comma-separated name=baseURL pairs, such as kraken=https://api.kraken.com; "${item}" has no "="` });
            return z.NEVER;
          }
          const name = item.slice(0, at).trim().toLowerCase();
          if (!(RATE_SOURCE_NAMES as readonly string[]).includes(name)) {
            ctx.addIssue({ code: "custom", message: `names "${item.slice(0, at).trim()}", which is not a rate source Termvest knows (${KNOWN})` });
            return z.NEVER;
          }
          const parsed = baseUrl(item.slice(at + 1).trim());
          if (!parsed.ok) {
            ctx.addIssue({ code: "custom", message: `${name}: ${parsed.message}` });
            return z.NEVER;
          }
          if (sources.some((source) => source.baseUrl === parsed.url)) {
            ctx.addIssue({ code: "custom", message: `names ${parsed.url} twice (each source must be a different API)` });
            return z.NEVER;
          }
          sources.push({ name: name as RateSourceName, baseUrl: parsed.url });
        }
        return sources;
      }),
  );

interface BitcoinEnv {
  BITCOIN_XPUB?: string | undefined;
  BITCOIN_ESPLORA_URLS: string[];
  BTC_RATE_SOURCES: RateSourceSetting[];
  BITCOIN_CONFIRMATIONS: number;
  BITCOIN_INVOICE_MINUTES: number;
  BITCOIN_MONITOR_HOURS: number;
  BITCOIN_POLL_SECONDS: number;
}

const AUTOMATIC_NEEDS = ["BITCOIN_XPUB", "BITCOIN_ESPLORA_URLS", "BTC_RATE_SOURCES"] as const;

function missingForAutomatic(env: BitcoinEnv): { given: string[]; missing: string[] } {
  const set = { BITCOIN_XPUB: Boolean(env.BITCOIN_XPUB), BITCOIN_ESPLORA_URLS: env.BITCOIN_ESPLORA_URLS.length > 0, BTC_RATE_SOURCES: env.BTC_RATE_SOURCES.length > 0 };
  return { given: AUTOMATIC_NEEDS.filter((name) => set[name]), missing: AUTOMATIC_NEEDS.filter((name) => !set[name]) };
}

export function bitcoinSettings(env: BitcoinEnv): BitcoinSettings {
  const { given, missing } = missingForAutomatic(env);
  if (missing.length > 0) {
    const startedAutomatic = given.some((name) => name !== "BITCOIN_XPUB");
    return { mode: "manual", invoices: undefined, incomplete: startedAutomatic ? `${given.join(" and ")} set without ${missing.join(" and ")}` : null };
  }
  return {
    mode: "automatic",
    invoices: {
      xpub: env.BITCOIN_XPUB!,
      esploraUrls: env.BITCOIN_ESPLORA_URLS,
      confirmations: env.BITCOIN_CONFIRMATIONS,
      invoiceMinutes: env.BITCOIN_INVOICE_MINUTES,
      monitorHours: env.BITCOIN_MONITOR_HOURS,
      pollSeconds: env.BITCOIN_POLL_SECONDS,
      rateSources: env.BTC_RATE_SOURCES,
    },
    incomplete: null,
  };
}

export interface StartNote {
  level: "info" | "warn";
  fields: Record<string, unknown>;
  message: string;
}

/** What the start log says about crypto deposits: the mode, and a warning for each thing that weakens it. */
export function bitcoinStartNotes(settings: BitcoinSettings): StartNote[] {
  const { invoices } = settings;
  if (!invoices) {
    const notes: StartNote[] = [{ level: "info", fields: { cryptoDeposits: "manual" }, message: "crypto deposits: manual (an operator confirms each one)" }];
    if (settings.incomplete) {
      notes.push({
        level: "warn",
        fields: { cryptoDeposits: "manual" },
        message: `crypto deposits stay manual: ${settings.incomplete}; automatic ones need BITCOIN_XPUB, BITCOIN_ESPLORA_URLS and BTC_RATE_SOURCES`,
      });
    }
    return notes;
  }
  const notes: StartNote[] = [
    {
      level: "info",
      fields: {
        cryptoDeposits: "automatic",
        chainSources: invoices.esploraUrls,
        rateSources: invoices.rateSources.map((source) => `${source.name}=${source.baseUrl}`),
        confirmations: invoices.confirmations,
        invoiceMinutes: invoices.invoiceMinutes,
        monitorHours: invoices.monitorHours,
        pollSeconds: invoices.pollSeconds,
      },
      // Invoices are made, watched and credited by the server; an exception waits for an operator.
      message:
        "crypto deposits: automatic (invoices at a locked rate, credited once paid and confirmed; a short or late payment waits in the deposit queue for an operator's decision)",
    },
  ];
  if (invoices.esploraUrls.length === 1) {
    notes.push({
      level: "warn",
      fields: { chainSource: invoices.esploraUrls[0] },
      message: "crypto deposits: only one chain source is configured (BITCOIN_ESPLORA_URLS); payments will be credited on its word alone",
    });
  }
  const plain = [...invoices.esploraUrls, ...invoices.rateSources.map((source) => source.baseUrl)].filter(isPlainHttpElsewhere);
  if (plain.length > 0) {
    notes.push({
      level: "warn",
      fields: { plainHttp: plain },
      message: "crypto deposits: some sources are read over plain http to another machine; anyone on the way could forge a payment or a price (use https, or a source on this machine)",
    });
  }
  if (invoices.rateSources.length === 1) {
    notes.push({
      level: "warn",
      fields: { rateSource: invoices.rateSources[0]!.baseUrl },
      message: "crypto deposits: only one rate source is configured (BTC_RATE_SOURCES); invoices will be priced on its word alone",
    });
  }
  return notes;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** http:// to anything but this machine: the answers travel unauthenticated. */
function isPlainHttpElsewhere(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && !LOOPBACK.has(hostname) && !/^127\./.test(hostname);
}
