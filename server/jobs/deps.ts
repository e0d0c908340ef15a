import type PgBoss from "pg-boss";
import type { Clock } from "#server/clock.js";
import type { Database } from "#server/db/client.js";
import type { Config } from "#server/env.js";
import type { Logger } from "#server/logger.js";
import type { MailSite } from "#server/mail/brand.js";
import type { Mailer } from "#server/mail/mailer.js";
import type { BitcoinInvoiceSettings } from "#server/env-bitcoin.js";
import type { ChainSources } from "#server/services/bitcoin/esplora/chain-sources.js";

export interface JobDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** Business time (due dates, reminders, retries): tests move it. */
  clock: Clock;
  site: MailSite;
  /** Identity checks: the limit an expired document's account falls back to, and how long files are kept after closing. */
  kyc: Pick<Config["kyc"], "unverifiedDepositLimitCents" | "retentionYears">;
  /** Settlers this server runs at once (settleDue's `workers`). */
  settlementWorkers: number;
  /** Automatic crypto deposits only: the settings and the chain the invoice watcher reads. */
  invoices?: { settings: BitcoinInvoiceSettings; chain: ChainSources };
  /** Aborted by JobQueue.stop(): a handler working through a batch stops between items (the mail worker does). */
  stopping?: AbortSignal;
}

/** One queue's work: pg-boss hands it a batch (of one, as we fetch them); a throw retries the job. */
export type JobHandler = (jobs: PgBoss.Job<Record<string, unknown>>[]) => Promise<void>;
