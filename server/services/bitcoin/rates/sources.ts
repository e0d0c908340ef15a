import { z } from "zod";
import { parseUsdPrice, type CentsPerBtc } from "#shared/money.js";
import { getFromSource, parseJson, shapeReason, SourceError } from "../source-request.js";

/**
 * The exchanges Termvest can ask for the price of bitcoin in US dollars, each through its
 * documented public endpoint (no key, no account). `BTC_RATE_SOURCES` names them with their base
 * URLs (`kraken=https://api.kraken.com,coinbase=https://api.coinbase.com`), so a test, a mirror or
 * a proxy can stand in for the exchange itself.
 */
export const RATE_SOURCE_NAMES = ["kraken", "coinbase"] as const;
export type RateSourceName = (typeof RATE_SOURCE_NAMES)[number];

export interface RateSourceSetting {
  name: RateSourceName;
  /** http(s) base URL without a trailing slash, e.g. `https://api.kraken.com`. */
  baseUrl: string;
}

/** One source's price as it arrived. */
export interface RateQuote {
  centsPerBtc: CentsPerBtc;
  /** How old the answer already was on arrival (a cache's `Age` header), in seconds. */
  ageSeconds: number;
}

/** Exchange prices are a few dozen bytes; anything near this is not a price. */
const MAX_BYTES = 64 * 1024;

const price = z.string().transform((text, ctx) => {
  const cents = parseUsdPrice(text);
  if (cents !== null) return cents;
  ctx.addIssue({ code: "custom", message: "is not a positive decimal price" });
  return z.NEVER;
});

/**
 * Kraken, `GET /0/public/Ticker?pair=XBTUSD`: `{ error: [], result: { XXBTZUSD: { c: [price, lot
 * volume], a, b, v, p, t, l, h, o } } }`. The price is `c[0]`, the last trade's. Kraken names the
 * pair by its own key (XXBTZUSD), so the first (only) entry of `result` is read; a non-empty
 * `error` is a refusal whatever else came with it.
 */
const krakenTicker = z.object({
  error: z.array(z.string()),
  result: z.record(z.string(), z.object({ c: z.tuple([price, z.string()]).rest(z.unknown()) })).optional(),
});

async function askKraken(baseUrl: string, timeoutMs: number): Promise<RateQuote> {
  const answer = await getFromSource(baseUrl, `${baseUrl}/0/public/Ticker?pair=XBTUSD`, { timeoutMs, maxBytes: MAX_BYTES, accept: "application/json" });
  const parsed = krakenTicker.safeParse(parseJson(baseUrl, answer.text));
  if (!parsed.success) throw new SourceError(baseUrl, shapeReason(parsed.error.issues));
  const { error, result } = parsed.data;
  if (error.length > 0) throw new SourceError(baseUrl, `answered an error (${error.join("; ").slice(0, 120)})`);
  const [pair] = Object.values(result ?? {});
  if (!pair) throw new SourceError(baseUrl, "answered no ticker for XBTUSD");
  return { centsPerBtc: pair.c[0], ageSeconds: answer.ageSeconds };
}

/** Coinbase, `GET /v2/prices/BTC-USD/spot`: `{ data: { amount: "65432.10", base: "BTC", currency: "USD" } }`. */
const coinbaseSpot = z.object({
  data: z.object({ amount: price, currency: z.literal("USD"), base: z.literal("BTC").optional() }),
});

async function askCoinbase(baseUrl: string, timeoutMs: number): Promise<RateQuote> {
  const answer = await getFromSource(baseUrl, `${baseUrl}/v2/prices/BTC-USD/spot`, { timeoutMs, maxBytes: MAX_BYTES, accept: "application/json" });
  const parsed = coinbaseSpot.safeParse(parseJson(baseUrl, answer.text));
  if (!parsed.success) throw new SourceError(baseUrl, shapeReason(parsed.error.issues));
  return { centsPerBtc: parsed.data.data.amount, ageSeconds: answer.ageSeconds };
}

const ASK: Record<RateSourceName, (baseUrl: string, timeoutMs: number) => Promise<RateQuote>> = {
  kraken: askKraken,
  coinbase: askCoinbase,
};

/** Asks one source for its price; throws `SourceError` (down, slow, an error, garbage). */
export function askRateSource(source: RateSourceSetting, timeoutMs: number): Promise<RateQuote> {
  return ASK[source.name](source.baseUrl, timeoutMs);
}
