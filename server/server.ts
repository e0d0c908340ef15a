import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { createAuth } from "./auth.js";
import { hashStoredBackupCodes } from "./auth/backup-code-store.js";
import { startControlServer } from "./control.js";
import { acquireDataDirLock, ensureDataDir, loadOrCreateKycKey, loadOrCreateSecret, updateLockUrl } from "./data-dir.js";
import { warnWithoutAutovacuum } from "./db/autovacuum-check.js";
import { openDatabase, type DatabaseHandle } from "./db/client.js";
import type { Config } from "./env.js";
import { bitcoinStartNotes } from "./env-bitcoin.js";
import { loadPages } from "./http/pages.js";
import type { Logger } from "./logger.js";
import { createOutboxMailer, createSmtpMailer, outboxDirectory, type Mailer } from "./mail/mailer.js";
import { AdjustableClock, systemClock, type Clock } from "./clock.js";
import { loadContent } from "./content/load-content.js";
import { reportUnwrittenPages } from "./content/unwritten-pages.js";
import { startJobQueue } from "./jobs/start-jobs.js";
import { settlementWorkers } from "./services/investments/settle-due.js";
import { ChainSourceStats } from "./services/bitcoin/esplora/source-stats.js";
import { createChainSources } from "./services/bitcoin/esplora/chain-sources.js";
import { createBtcRateService } from "./services/bitcoin/rates/btc-rate.js";
import { countOpenInvoices, countReorgedInvoices } from "./services/deposits/watch-invoices.js";
import { clientDistDir, contentDir, ssrEntryPath } from "./paths.js";
import { seedPlans } from "./services/plans/seed-plans.js";
import { readBootstrap } from "./site.js";
import { readJobStats } from "./jobs/stats.js";
import { recentLedgerCheck } from "./services/admin-overview/ledger-check.js";
import { readLastLedgerCheck } from "./services/ledger/run-ledger-check.js";
import { migrate } from "./migrate.js";

/** How long an idle connection stays open: longer than nginx's upstream keepalive_timeout (60 s). */
export const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  /** Every route the app mounted, as Hono lists them (tests compare them with the OpenAPI document). */
  routes: ReadonlyArray<{ method: string; path: string }>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Overrides for tests: an already-open database, a mailer, whether to serve the web build. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  serveWeb?: boolean;
  clock?: Clock;
  /**
   * false: no cron schedules (the work still runs once at start and on runNow). A test that moves
   * the clock by hand runs settlement itself; a schedule firing at a minute's turn would race it.
   */
  schedules?: boolean;
}

/** Opens (and migrates) the database, then serves the API and the web client until closed. */
export async function startServer(config: Config, logger: Logger, options: StartOptions = {}): Promise<RunningServer> {
  ensureDataDir(config.dataDir);
  const embedded = !options.database && !config.databaseUrl;
  const releaseLock = embedded ? acquireDataDirLock(config.dataDir) : () => undefined;
  const cleanups: Array<() => Promise<void> | void> = [releaseLock];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };

  try {
    const database = options.database ?? (await openDatabase(config));
    if (!options.database) cleanups.push(() => database.close());
    await migrate(database);
    await warnWithoutAutovacuum(database, logger);
    await seedPlans(database.db);

    const outboxDir = outboxDirectory(config.dataDir);
    const mailer =
      options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(outboxDir, config.mailFrom));
    const secret = config.authSecret ?? loadOrCreateSecret(config.dataDir);
    const kycKey = config.kyc.encryptionKey ?? loadOrCreateKycKey(config.dataDir);
    const content = loadContent(contentDir, { production: config.isProduction });
    reportUnwrittenPages(content, config.isProduction, logger);
    // Which way crypto deposits work (automatic or manual), and what weakens an automatic setup.
    for (const note of bitcoinStartNotes(config.bitcoin)) logger[note.level](note.fields, note.message);
    // Automatic mode: each chain source's errors and tip, counted by whoever reads the chain
    // (createChainSources({ stats })) and shown by /metrics.
    const chainStats = config.bitcoin.invoices ? new ChainSourceStats(config.bitcoin.invoices.esploraUrls) : undefined;
    const auth = createAuth({ db: database.db, config, secret, logger, legalVersions: content.versions });
    await hashStoredBackupCodes(database.db, secret, logger);

    const serveWeb = options.serveWeb ?? true;
    const pages = serveWeb ? await loadPages(clientDistDir, ssrEntryPath, await readBootstrap(config.site, database.db), content.pages) : undefined;
    if (serveWeb && !pages) logger.warn("web client not built (run `npm run build`); serving the API only");

    // Under NODE_ENV=test the clock can be moved forward (browser tests of maturity); never otherwise.
    const adjustableClock =
      options.clock instanceof AdjustableClock ? options.clock : config.env === "test" && !options.clock ? new AdjustableClock() : undefined;
    const clock = options.clock ?? adjustableClock ?? systemClock;
    // Automatic crypto deposits: the rate invoices are locked at, and the chain the watcher reads.
    const invoiceSettings = config.bitcoin.invoices;
    const btcRate = invoiceSettings ? createBtcRateService({ sources: invoiceSettings.rateSources, clock, logger }) : undefined;
    const invoices = invoiceSettings ? { settings: invoiceSettings, chain: createChainSources({ urls: invoiceSettings.esploraUrls, ...(chainStats ? { stats: chainStats } : {}) }) } : undefined;
    const jobs = await startJobQueue(database, {
      ...(invoices ? { invoices } : {}),
      db: database.db,
      mailer,
      logger,
      clock,
      site: { name: config.site.name, publicUrl: config.publicUrl },
      kyc: { unverifiedDepositLimitCents: config.kyc.unverifiedDepositLimitCents, retentionYears: config.kyc.retentionYears },
      settlementWorkers: settlementWorkers(database.kind),
    }, { schedules: options.schedules ?? true });
    cleanups.push(() => jobs.stop());
    const app = createApp({
      config,
      database,
      auth,
      mailer,
      jobs,
      logger,
      outboxDir,
      clock,
      adjustableClock,
      kycKey,
      ...(btcRate ? { btcRate } : {}),
      content: content.pages,
      missingBeforeInvesting: content.missingBeforeInvesting,
      pages,
      clientDir: pages ? clientDistDir : undefined,
      metricSources: {
        jobStats: async () =>
          Object.entries(await readJobStats(database.db)).map(([name, { lagSeconds, ...counts }]) => ({ name, counts, lagSeconds })),
        // The last stored check (periodic job); before the first one, a check at most a minute old.
        ledgerProblems: async () =>
          (await readLastLedgerCheck(database.db))?.problemCount ?? (await recentLedgerCheck(database.db, clock.now())).problems.length,
        ...(chainStats ? { chainSources: () => chainStats.snapshot() } : {}),
        ...(invoiceSettings
          ? {
              invoicesOpen: () => countOpenInvoices(database.db, clock.now(), invoiceSettings.monitorHours),
              invoicesReorged: () => countReorgedInvoices(database.db),
            }
          : {}),
      },
    });

    const server = await new Promise<Server>((resolve, reject) => {
      const instance = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(instance as Server));
      instance.once("error", reject);
    });
    // An idle keep-alive connection is closed by the proxy in front (nginx keeps them 60 s,
    // deploy/nginx.conf), never by us first: a request the proxy sends on a connection we are
    // closing at that moment would fail as a 502, a money POST included (nginx does not resend
    // one). Node's default is 5 s. The header deadline stays above it, as Node requires.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          // In-flight requests finish; a connection that falls idle meanwhile (kept open up to
          // KEEP_ALIVE_MS otherwise) is closed as soon as it does, so shutdown never waits for it.
          const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
          server.close(() => {
            clearInterval(closeIdle);
            resolve();
          });
          server.closeIdleConnections();
        }),
    );
    const { port } = server.address() as AddressInfo;
    const url = config.port === port ? config.publicUrl : `http://localhost:${port}`;

    if (embedded) {
      updateLockUrl(config.dataDir, url);
      cleanups.push(await startControlServer(database, config.dataDir));
    }
    logger.info({ url, database: database.kind, mail: mailer.kind }, "Termvest is listening");
    return { url, database, routes: app.routes, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
