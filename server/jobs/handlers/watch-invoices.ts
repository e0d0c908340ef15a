import { watchInvoices } from "#server/services/deposits/watch-invoices.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * One pass of the invoice watcher (automatic crypto deposits; server/services/deposits/watch-invoices.ts).
 * Each server enqueues one every BITCOIN_POLL_SECONDS (start-jobs.ts); the invoices are shared out
 * between the runs by row locks, so two at once never read the same invoice. A no-op in manual mode.
 */
export const watchInvoicesJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    if (!deps.invoices) return;
    const summary = await watchInvoices({ db: deps.db, chain: deps.invoices.chain, settings: deps.invoices.settings, now: () => deps.clock.now(), logger: deps.logger });
    if (summary.credited > 0 || summary.needOperator > 0) deps.logger.info(summary, "invoices watched");
  };
