import { SourceError } from "../source-request.js";
import { readAddressFromSource, type AddressPayment, type SourceView } from "./esplora-client.js";
import type { ChainSourceStats } from "./source-stats.js";

/**
 * What the chain says about an address, taken only when every configured source says the same
 * (decision 0052). Each source is asked at once; the answer is
 *
 * - `agreed` when all of them list the same transactions paying the address, with the same amounts,
 *   the same confirmations, in blocks of the same height and with the same replace-by-fee signal;
 * - `disagree` when they all answered but not alike (a block one has seen and another not yet, a
 *   transaction only one knows, a reorganisation under way): nothing is to be done on it, and the
 *   next poll asks again;
 * - `unavailable` when any source is down, too slow or answers garbage: that read changes nothing,
 *   whatever the others said, and is retried at the next poll.
 *
 * With a single source configured, its word is taken alone (the server warns about it at start).
 */

export type { AddressPayment, SourceView };

export type ChainReading =
  | {
      kind: "agreed";
      address: string;
      /** Sorted by txid; a payment's block time is the first configured source's. */
      payments: AddressPayment[];
      views: SourceView[];
    }
  | {
      kind: "disagree";
      address: string;
      /** Every source, as each saw the address. */
      views: SourceView[];
      /** One line naming the sources and what each saw. */
      detail: string;
    }
  | {
      kind: "unavailable";
      address: string;
      /** The sources that failed, with why. */
      failures: Array<{ source: string; reason: string }>;
    };

export interface ChainSourcesOptions {
  /** Base URLs, as configured (`BITCOIN_ESPLORA_URLS`). */
  urls: readonly string[];
  /** Each source's deadline for one address (its pages and the tip). Default 10 s. */
  timeoutMs?: number;
  /** Counts errors and tips per source for /metrics. */
  stats?: ChainSourceStats;
}

export interface ChainSources {
  readonly urls: readonly string[];
  readAddress(address: string): Promise<ChainReading>;
}

/** The facts compared between sources; the block time is not (the same block has one). */
const fingerprint = (payments: readonly AddressPayment[]) =>
  payments.map((p) => `${p.txid}:${p.sats}:${p.confirmations}:${p.blockHeight ?? "-"}:${p.rbf ? "rbf" : "final"}`).join(",");

const seenBy = (view: SourceView) =>
  `${view.source} (tip ${view.tipHeight}) sees ${view.payments.length === 0 ? "no payment" : view.payments.map((p) => `${p.txid.slice(0, 12)}… ${p.sats} sats, ${p.confirmations} conf${p.rbf ? ", RBF" : ""}`).join("; ")}`;

export function createChainSources(options: ChainSourcesOptions): ChainSources {
  const { urls, stats } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (urls.length === 0) throw new RangeError("a chain reading needs at least one source");

  return {
    urls,
    async readAddress(address) {
      const settled = await Promise.allSettled(urls.map((url) => readAddressFromSource(url, address, { timeoutMs })));
      const views: SourceView[] = [];
      const failures: Array<{ source: string; reason: string }> = [];
      settled.forEach((outcome, index) => {
        const source = urls[index]!;
        if (outcome.status === "fulfilled") {
          stats?.recordTip(source, outcome.value.tipHeight);
          views.push(outcome.value);
        } else {
          stats?.recordError(source);
          failures.push({ source, reason: outcome.reason instanceof SourceError ? outcome.reason.reason : String(outcome.reason) });
        }
      });
      if (failures.length > 0) return { kind: "unavailable", address, failures };
      const first = fingerprint(views[0]!.payments);
      if (views.every((view) => fingerprint(view.payments) === first)) return { kind: "agreed", address, payments: views[0]!.payments, views };
      return { kind: "disagree", address, views, detail: views.map(seenBy).join(" | ") };
    },
  };
}
