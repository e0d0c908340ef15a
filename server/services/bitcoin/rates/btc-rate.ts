import type { CentsPerBtc } from "#shared/money.js";
import type { Clock } from "#server/clock.js";
import { AppError } from "#server/errors.js";
import type { Logger } from "#server/logger.js";
import { SourceError } from "../source-request.js";
import { askRateSource, type RateSourceSetting } from "./sources.js";

/**
 * The price of bitcoin an invoice is locked at (decision 0052).
 *
 * Every configured source is asked at once, each with its own 5-second deadline. Of those that
 * answered with an answer at most 60 seconds old, the rate is the median (with two, their mean;
 * with an even number, the mean of the middle two), in integer cents per bitcoin. It is refused,
 * never guessed, when no source gave a fresh answer, or when the answers differ by more than 1 %
 * ((highest − lowest) / median): then `RateUnavailableError`, a 503 `RATE_UNAVAILABLE`.
 *
 * An accepted rate is kept for at most 60 seconds after the oldest answer it was made from, and
 * callers that ask while the sources are being asked share that one round. This is the server's
 * second in-process cache (decision 0049 kept one, `VersionedMemo`); it exists because a rate is
 * asked for by every invoice and by the invoice page, which refreshes every few seconds, while the
 * exchanges limit their public endpoints per address (Kraken counts calls against a small budget;
 * Coinbase answers 429 past its limit). One rule only: nothing older than 60 seconds is ever served.
 * A refusal is not kept: the next call asks again.
 */

export interface BtcRate {
  /** US cents per whole bitcoin. */
  centsPerBtc: CentsPerBtc;
  /** When the oldest answer it was made from was current: the rate is served until 60 s after this. */
  observedAt: Date;
  /** The answers it was made from. */
  answers: RateAnswer[];
}

export interface RateAnswer {
  source: RateSourceSetting;
  centsPerBtc: CentsPerBtc;
  /** When the answer was current: when it arrived, less the age a cache in front of the source declared. */
  observedAt: Date;
}

export type RateRefusal = "no-answer" | "stale" | "spread";

const MESSAGES: Record<RateRefusal, string> = {
  "no-answer": "We cannot price bitcoin right now: the exchanges we take the rate from did not answer. Please try again in a minute.",
  stale: "We cannot price bitcoin right now: the exchanges' latest prices are more than a minute old. Please try again in a minute.",
  spread: "We cannot price bitcoin right now: the exchanges we take the rate from disagree by more than 1 %. Please try again in a minute.",
};

/** A 503 RATE_UNAVAILABLE with the reason and each source's answer or failure, for the log. */
export class RateUnavailableError extends AppError {
  constructor(
    readonly reason: RateRefusal,
    /** One line per source: its price and age, or why it was not used. */
    readonly detail: string[],
  ) {
    super("RATE_UNAVAILABLE", MESSAGES[reason], undefined, 30);
    this.name = "RateUnavailableError";
  }
}

export interface RateRules {
  /** An answer older than this (and a rate made from one) is never used. Default 60 s. */
  maxAgeMs: number;
  /** The largest (highest − lowest) / median accepted, in basis points. Default 100 (1 %). */
  maxSpreadBasisPoints: number;
}

export const DEFAULT_RATE_RULES: RateRules = { maxAgeMs: 60_000, maxSpreadBasisPoints: 100 };

/** The median of integer prices: the middle one, or the mean of the middle two rounded half up. */
export function medianCents(values: readonly CentsPerBtc[]): CentsPerBtc {
  if (values.length === 0) throw new RangeError("the median of nothing");
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return (sorted[middle - 1]! + sorted[middle]! + 1n) / 2n;
}

/**
 * The rate from the answers that arrived (pure: `now` is the caller's clock). `failures` are the
 * sources that did not answer, for the refusal's detail.
 */
export function combineAnswers(answers: readonly RateAnswer[], now: Date, rules: RateRules = DEFAULT_RATE_RULES, failures: readonly string[] = []): BtcRate {
  const age = (answer: RateAnswer) => now.getTime() - answer.observedAt.getTime();
  const fresh = answers.filter((answer) => age(answer) <= rules.maxAgeMs);
  const detail = [
    ...answers.map((answer) => `${answer.source.name} ${answer.source.baseUrl}: ${answer.centsPerBtc} cents, ${Math.round(age(answer) / 1000)} s old`),
    ...failures,
  ];
  if (answers.length === 0) throw new RateUnavailableError("no-answer", detail);
  if (fresh.length === 0) throw new RateUnavailableError("stale", detail);
  const prices = fresh.map((answer) => answer.centsPerBtc);
  const median = medianCents(prices);
  const spread = prices.reduce((a, b) => (a > b ? a : b)) - prices.reduce((a, b) => (a < b ? a : b));
  if (spread * 10_000n > median * BigInt(rules.maxSpreadBasisPoints)) throw new RateUnavailableError("spread", detail);
  const oldest = Math.min(...fresh.map((answer) => answer.observedAt.getTime()));
  return { centsPerBtc: median, observedAt: new Date(oldest), answers: fresh };
}

export interface BtcRateOptions {
  sources: readonly RateSourceSetting[];
  clock: Clock;
  /** Each source's deadline. Default 5 s. */
  timeoutMs?: number;
  rules?: RateRules;
  /** A source that fails is logged here at `warn`, with its reason. */
  logger?: Pick<Logger, "warn">;
}

export interface BtcRateService {
  /** The rate to lock an invoice at now; throws `RateUnavailableError` rather than serve a doubtful one. */
  current(): Promise<BtcRate>;
}

export function createBtcRateService(options: BtcRateOptions): BtcRateService {
  const { sources, clock, logger } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const rules = options.rules ?? DEFAULT_RATE_RULES;
  if (sources.length === 0) throw new RangeError("a rate needs at least one source");
  let kept: BtcRate | undefined;
  let asking: Promise<BtcRate> | undefined;

  const ask = async (): Promise<BtcRate> => {
    const settled = await Promise.allSettled(
      sources.map(async (source): Promise<RateAnswer> => {
        const quote = await askRateSource(source, timeoutMs);
        return { source, centsPerBtc: quote.centsPerBtc, observedAt: new Date(clock.now().getTime() - quote.ageSeconds * 1000) };
      }),
    );
    const answers: RateAnswer[] = [];
    const failures: string[] = [];
    settled.forEach((outcome, index) => {
      if (outcome.status === "fulfilled") return void answers.push(outcome.value);
      const source = sources[index]!;
      const reason = outcome.reason instanceof SourceError ? outcome.reason.reason : String(outcome.reason);
      failures.push(`${source.name} ${source.baseUrl}: ${reason}`);
      logger?.warn({ source: source.baseUrl, rateSource: source.name, reason }, "bitcoin rate source failed");
    });
    const rate = combineAnswers(answers, clock.now(), rules, failures);
    kept = rate;
    return rate;
  };

  return {
    current() {
      if (kept && clock.now().getTime() - kept.observedAt.getTime() <= rules.maxAgeMs) return Promise.resolve(kept);
      kept = undefined;
      asking ??= ask().finally(() => {
        asking = undefined;
      });
      return asking;
    },
  };
}

/** The current rate in cents per bitcoin; RATE_UNAVAILABLE when this server has no rate sources configured (manual mode). */
export async function currentBtcRate(service: BtcRateService | undefined): Promise<CentsPerBtc> {
  if (!service) throw new AppError("RATE_UNAVAILABLE", "This server has no bitcoin rate sources configured (BTC_RATE_SOURCES), so there is no current rate.");
  return (await service.current()).centsPerBtc;
}
