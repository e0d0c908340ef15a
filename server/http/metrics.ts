import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Clock } from "../clock.js";
import type { DatabaseHandle } from "../db/client.js";
import type { ChainSourceFigures } from "../services/bitcoin/esplora/source-stats.js";
import { readBusinessFigures } from "../services/metrics/read-business-figures.js";

/** One job name's queue, as the job queue reports it (server/jobs/stats.ts). */
export interface JobStat {
  name: string;
  /** Jobs per state: created, active, retry, completed, failed… as the queue names them. */
  counts: Record<string, number>;
  /** How long the oldest job ready to run has waited, in seconds. */
  lagSeconds: number;
}

/** Figures read from the job queue and the ledger check, passed in by server.ts. */
export interface MetricSources {
  jobStats?: () => Promise<JobStat[]>;
  /** Problems the last ledger check found; null when unknown. */
  ledgerProblems?: () => Promise<number | null>;
  /** Automatic crypto deposits only: each chain source's errors and last tip (`ChainSourceStats.snapshot`). */
  chainSources?: () => ChainSourceFigures[];
  /** Automatic crypto deposits: invoices the watcher still reads (new, processing, expired within the monitoring window). */
  invoicesOpen?: () => Promise<number>;
  /** Automatic crypto deposits: settled invoices whose credited transaction left the chain. */
  invoicesReorged?: () => Promise<number>;
}

export interface Metrics {
  /** Times every request, labelled by the route pattern that answered it (never the raw path). */
  observe: MiddlewareHandler;
  /** GET /metrics: Prometheus text, for the bearer of the token only. */
  serve: Handler;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

export function createMetrics(deps: { token: string; database: DatabaseHandle; clock: Clock; sources: MetricSources }): Metrics {
  const { database, clock, sources } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "termvest_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const connections = gauge("termvest_db_connections", "Database connections by state (PGlite: its one connection).", ["state"]);
  const business = {
    depositsPending: gauge("termvest_deposits_pending", "Deposits waiting for an operator."),
    depositsPendingOldestSeconds: gauge("termvest_deposits_pending_oldest_seconds", "Age of the oldest pending deposit (0 when none)."),
    payoutsPending: gauge("termvest_payouts_pending", "Payouts requested and not yet decided."),
    payoutsPendingOldestSeconds: gauge("termvest_payouts_pending_oldest_seconds", "Age of the oldest requested payout (0 when none)."),
    mailDead: gauge("termvest_mail_dead", "E-mails given up after a day of failures."),
    verificationsPending: gauge("termvest_verifications_pending", "Identity cases waiting for an operator (submitted or in review)."),
    verificationsOldestSeconds: gauge("termvest_verifications_oldest_seconds", "Age of the oldest waiting identity case since it was submitted (0 when none)."),
  };
  const liabilities = gauge("termvest_liabilities_cents", "What users hold: the sum of every user account (available, invested, payout hold), in cents.");
  const fees = gauge("termvest_fees_kept_cents", "Early-withdrawal fees kept since the start: the sum of the fees account's postings, in cents.");
  const ledgerProblemsGauge = gauge("termvest_ledger_problems", "Problems the last ledger check found (NaN before the first check).");
  const ledgerProblems = sources.ledgerProblems ?? (async () => null);
  const jobs = sources.jobStats
    ? {
        read: sources.jobStats,
        counts: gauge("termvest_jobs", "Jobs by name and state.", ["name", "state"]),
        lag: gauge("termvest_job_queue_lag_seconds", "How long the oldest ready job of each name has waited.", ["name"]),
      }
    : undefined;

  const chain = sources.chainSources
    ? {
        read: sources.chainSources,
        errors: new Counter({
          name: "termvest_chain_source_errors_total",
          help: "Reads of a chain source (Esplora-compatible API, by configured base URL) that failed: down, too slow or garbage.",
          labelNames: ["source"],
          registers: [registry],
        }),
        tip: gauge("termvest_chain_tip_height", "The best block height each chain source last reported (NaN before its first answer).", ["source"]),
      }
    : undefined;

  const invoiceGauges = {
    open: sources.invoicesOpen && { read: sources.invoicesOpen, gauge: gauge("termvest_invoices_open", "Bitcoin invoices the watcher reads: new, processing, and expired ones within BITCOIN_MONITOR_HOURS.") },
    reorged: sources.invoicesReorged && {
      read: sources.invoicesReorged,
      gauge: gauge("termvest_invoices_reorged", "Settled bitcoin invoices whose credited transaction left the chain (a reorganisation): admins were e-mailed, nothing was debited."),
    },
  };
  const invoices = Object.values(invoiceGauges).filter((entry) => entry !== undefined);

  const refresh = async () => {
    const [figures, problems, jobStats, invoiceCounts] = await Promise.all([
      readBusinessFigures(database.db, clock.now()),
      ledgerProblems(),
      jobs?.read(),
      Promise.all(invoices.map((entry) => entry.read())),
    ]);
    invoices.forEach((entry, index) => entry.gauge.set(invoiceCounts[index]!));
    for (const [key, metric] of Object.entries(business)) metric.set(figures[key as keyof typeof business]);
    // A gauge is a float64: exact up to 2^53 cents (90 trillion dollars).
    liabilities.set(Number(figures.liabilitiesCents));
    fees.set(Number(figures.feesCents));
    ledgerProblemsGauge.set(problems ?? Number.NaN);
    for (const [state, value] of Object.entries(database.connections())) connections.set({ state }, value);
    if (chain) {
      // The counts live in ChainSourceStats since the start; the counter shows them as they are.
      chain.errors.reset();
      for (const { source, errors, tipHeight } of chain.read()) {
        chain.errors.inc({ source }, errors);
        chain.tip.set({ source }, tipHeight ?? Number.NaN);
      }
    }
    if (jobs && jobStats) {
      jobs.counts.reset();
      jobs.lag.reset();
      for (const stat of jobStats) {
        for (const [state, count] of Object.entries(stat.counts)) jobs.counts.set({ name: stat.name, state }, count);
        jobs.lag.set({ name: stat.name }, stat.lagSeconds);
      }
    }
  };

  const expected = digest(`Bearer ${deps.token}`);
  return {
    observe: async (c, next) => {
      const stop = duration.startTimer();
      try {
        await next();
      } finally {
        // After next(), the route index is the handler that answered (or the middleware that refused).
        stop({ method: c.req.method, route: routePath(c) || "*", status: String(c.res.status) });
      }
    },
    serve: async (c) => {
      // Digests of equal length, compared in constant time: neither the token nor its length leaks.
      if (!timingSafeEqual(digest(c.req.header("authorization") ?? ""), expected)) {
        return c.json({ error: { code: "UNAUTHENTICATED", message: "A valid metrics token is required." } }, 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
      }
      await refresh();
      return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
    },
  };
}
