import type { ContentPage } from "#shared/content.js";
import type { Auth } from "./auth.js";
import type { AdjustableClock, Clock } from "./clock.js";
import type { DatabaseHandle } from "./db/client.js";
import type { Config } from "./env.js";
import type { MetricSources } from "./http/metrics.js";
import type { Pages } from "./http/pages.js";
import type { JobQueue } from "./jobs/start-jobs.js";
import type { Logger } from "./logger.js";
import type { Mailer } from "./mail/mailer.js";
import type { BtcRateService } from "./services/bitcoin/rates/btc-rate.js";

/**
 * Everything the app is made of, built by server/server.ts. Each router takes only the part of it
 * it uses (`Pick<AppDeps, …>`), so a router's signature says what it depends on.
 */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  /** The mail worker is woken after each successful change, so mail queued by it goes out at once. */
  jobs: JobQueue;
  logger: Logger;
  outboxDir: string;
  /** Wraps each identity file's own key (server/services/verification/file-crypto.ts); never logged. */
  kycKey: Buffer;
  clock: Clock;
  /** Only in tests: lets browser tests move time forward (POST /dev/clock). */
  adjustableClock?: AdjustableClock;
  /** Blog and legal pages from content/, by path. */
  content: Map<string, ContentPage>;
  /** Pages an investor must be able to read that the operator has not published (server/content/load-content.ts); investing waits for them. */
  missingBeforeInvesting: readonly string[];
  /** Absent when the web client has not been built (API-only tests). */
  pages?: Pages;
  clientDir?: string;
  /** Automatic crypto deposits only: the rate an invoice is locked at (server/services/bitcoin/rates/btc-rate.ts). */
  btcRate?: BtcRateService;
  /** Figures /metrics shows when another part provides them (the job queue's counts, its ledger check). */
  metricSources?: MetricSources;
}
