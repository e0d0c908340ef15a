import { METHODS } from "node:http";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { $ZodError } from "zod/v4/core";
import type { AppDeps } from "./app-deps.js";
import { AppError } from "./errors.js";
import { settleDue, settlementWorkers } from "./services/investments/settle-due.js";
import { uploadRoutes, type ApiRouter } from "./http/api-router.js";
import { pagesRecheck } from "./http/pages-recheck.js";
import { normalizePath } from "./http/pages.js";
import { CLIENT_CLOSED_REQUEST, clientWentAway } from "./http/client-gone.js";
import { jsonOnly, limitBody, refuseControlCharactersInUrl, refuseMalformedJson } from "./http/request-guards.js";
import { sameOriginOnly } from "./http/csrf.js";
import { createMetrics } from "./http/metrics.js";
import { requestLog } from "./http/request-log.js";
import { securityHeaders } from "./http/security-headers.js";
import { staticFiles, staticPaths } from "./http/static-files.js";
import { acceptsEncoding } from "./http/compression.js";
import { JOBS } from "./jobs/queues.js";
import { adminRoutes } from "./routes/admin.js";
import { adminApprovalRoutes } from "./routes/admin-approvals.js";
import { adminAuditRoutes } from "./routes/admin-audit.js";
import { adminMessageRoutes } from "./routes/admin-messages.js";
import { adminReconciliationRoutes } from "./routes/admin-reconciliation.js";
import { adminOverviewRoutes } from "./routes/admin-overview.js";
import { adminUserRoutes } from "./routes/admin-users.js";
import { adminVerificationRoutes } from "./routes/admin-verifications.js";
import { adminMailRoutes } from "./routes/admin-mail.js";
import { authRoutes } from "./routes/auth.js";
import { sessionRoutes } from "./routes/session.js";
import { contactRoutes } from "./routes/contact.js";
import { contentRoutes } from "./routes/content.js";
import { depositRoutes } from "./routes/deposits.js";
import { investmentRoutes } from "./routes/investments.js";
import { moneyRequestRoutes } from "./routes/money-requests.js";
import { notificationRoutes } from "./routes/notifications.js";
import { payoutRoutes } from "./routes/payouts.js";
import { transactionRoutes } from "./routes/transactions.js";
import { statementRoutes } from "./routes/statements.js";
import { transferRoutes } from "./routes/transfers.js";
import { verificationRoutes } from "./routes/verification.js";
import { devMailRoutes } from "./routes/dev-mail.js";
import { healthRoutes } from "./routes/health.js";
import { meRoutes } from "./routes/me.js";
import { accountDataRoutes } from "./routes/account-data.js";
import { withdrawalAddressRoutes } from "./routes/withdrawal-addresses.js";
import { publicRoutes } from "./routes/public.js";
import { seoRoutes } from "./routes/seo.js";
import { readBootstrap } from "./site.js";
import { fieldMessages } from "#shared/schemas/field-messages.js";

/** The methods the gate guards: any that may carry a body or change something. */
const UNSAFE_METHODS = METHODS.filter((method) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS");

/** A page path that is a plain route (letters, digits, dashes), never one Hono would read as a pattern. */
const ROUTABLE_PATH = /^(\/[a-z0-9-]+)*\/?$/i;

export function createApp(deps: AppDeps) {
  const { config, database, auth, logger, pages } = deps;
  const app = new Hono();
  // Every JSON router declares its operations, and each declaration installs its route's guards
  // (server/http/api-router.ts); the OpenAPI document is built from them. Built here, mounted
  // below: the request gate needs to know the routes that take a file.
  const routers: ApiRouter[] = [
    adminOverviewRoutes(deps),
    adminUserRoutes(deps),
    adminVerificationRoutes(deps),
    adminApprovalRoutes(deps),
    adminRoutes(deps),
    adminAuditRoutes(deps),
    adminMessageRoutes(deps),
    adminReconciliationRoutes(deps),
    adminMailRoutes(deps),
    depositRoutes(deps),
    investmentRoutes(deps),
    payoutRoutes(deps),
    transferRoutes(deps),
    moneyRequestRoutes(deps),
    meRoutes(deps),
    accountDataRoutes(deps),
    verificationRoutes(deps),
    withdrawalAddressRoutes(deps),
    sessionRoutes(deps),
    transactionRoutes(deps),
    statementRoutes(deps),
    notificationRoutes(deps),
    contentRoutes(deps, deps.content),
    contactRoutes(deps),
  ];
  routers.unshift(publicRoutes(deps, () => routers.flatMap((router) => router.operations)));
  const uploads = uploadRoutes(routers.flatMap((router) => router.operations));

  // Every request: its id (given as X-Request-Id, or a new one, echoed on the response), one log
  // line once answered, and the security headers on whatever answers it.
  app.use("*", requestId({ limitLength: 64 }), requestLog(logger), securityHeaders({ hsts: config.isProduction }));
  // Only with METRICS_TOKEN: otherwise nothing is timed and /metrics is a 404 like any unknown page.
  const metrics = config.metricsToken
    ? createMetrics({ token: config.metricsToken, database, clock: deps.clock, sources: deps.metricSources ?? {} })
    : undefined;
  if (metrics) app.use("*", metrics.observe);
  // Before anything reads a body: refuse other origins, then bodies over the limit (an upload
  // route's own, for its file).
  app.on(UNSAFE_METHODS, "*", sameOriginOnly(config.publicUrl), limitBody(uploads));
  // Compression where it pays (server/http/compression.ts): pages and static files are gzipped once,
  // ahead of time; of the API, only the history's CSV file can be large.
  const compressed = compress();
  app.use("/api/transactions", (c, next) => (c.req.query("format") === "csv" ? compressed(c, next) : next()));
  // JSON only, but for the routes that declare an `upload` (multipart, read by the route itself).
  app.use("/api/*", jsonOnly(uploads), refuseMalformedJson(uploads), refuseControlCharactersInUrl(), async (c, next) => {
    await next();
    // Answers about a signed-in person must not be kept by a browser or a proxy.
    if (!c.res.headers.has("cache-control")) c.res.headers.set("Cache-Control", "no-store");
    // Mail queued by a change goes out at once, not at the next sweep.
    if (c.req.method !== "GET" && c.res.status < 400) deps.jobs.wake(JOBS.sendMail);
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status as 400);
    }
    if (error instanceof $ZodError) {
      const fields = fieldMessages(error.issues);
      return c.json({ error: { code: "VALIDATION_FAILED", message: "Some fields are not valid.", fields } }, 400);
    }
    if (clientWentAway(c)) {
      logger.info({ path: c.req.path, reason: error.message }, "the client closed the connection before its request arrived");
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again later." } }, 500);
  });

  app.route("/", healthRoutes(database));
  // Outside /api (not in the OpenAPI document, no session, no compression): a scraper's endpoint.
  if (metrics) app.get("/metrics", metrics.serve);
  app.route("/api/auth", authRoutes(auth, { db: database.db, trustProxy: config.trustProxy, rateLimit: config.rateLimit }));
  for (const router of routers) app.route(router.mountPath, router.hono);
  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404));

  if (config.devMail && !config.isProduction && deps.mailer.kind === "outbox") {
    app.route("/dev/mail", devMailRoutes(deps.outboxDir));
  }
  const adjustable = deps.adjustableClock;
  if (config.env === "test" && adjustable) {
    app.post("/dev/clock", async (c) => {
      const { days } = (await c.req.json().catch(() => ({}))) as { days?: unknown };
      if (typeof days !== "number" || !(days > 0) || days > 3650) throw new AppError("VALIDATION_FAILED", "days must be a number from 0 to 3650.");
      adjustable.advance(days * 86_400_000);
      // Settle at once what the jump made due, instead of waiting for the next scheduled run.
      const run = await settleDue(database.db, adjustable.now(), { workers: settlementWorkers(database.kind) });
      // The rest of the scheduled work that reads the clock, on the queue as usual, without waiting.
      await deps.jobs.runNow(JOBS.maturityReminders, JOBS.expireDeposits, JOBS.expireIdentityDocuments, JOBS.mailSweep, JOBS.dailyFigures);
      return c.json({ now: adjustable.now().toISOString(), settled: run.settled });
    });
  }

  app.route("/", seoRoutes(config.publicUrl, () => pages?.paths() ?? [...deps.content.keys()]));
  if (deps.clientDir) {
    const files = staticFiles(deps.clientDir);
    for (const path of staticPaths(deps.clientDir)) app.get(path, files);
  }
  app.get("/packages", (c) => c.redirect("/plan", 301));
  if (pages) {
    // Each pre-rendered page is a route of its own; every other GET (a trailing slash, the
    // dashboard, an unknown page) is answered from the not-found handler. Another server's plan
    // edit reaches these pages within PAGES_RECHECK_MS (decision 0043).
    const recheck = pagesRecheck(pages, () => readBootstrap(config.site, database.db), logger);
    const servePage = (c: Context) => {
      const checking = recheck();
      return checking ? checking.then(() => answerPage(c)) : answerPage(c);
    };
    const answerPage = (c: Context) => {
      const found = pages.find(c.req.path);
      // A page asked for with a trailing slash moves to its one address: served there, the app's
      // router (which knows `/about`, not `/about/`) replaced the page with "Page not found".
      const canonical = normalizePath(c.req.path);
      if (found && canonical !== c.req.path && !canonical.startsWith("//")) return c.redirect(`${canonical}${new URL(c.req.url).search}`, 301);
      const isApp = c.req.path === "/dashboard" || c.req.path.startsWith("/dashboard/");
      const page = found ?? (isApp ? pages.shell() : pages.notFound());
      const headers = { "Cache-Control": "no-cache", Vary: "Accept-Encoding", "Content-Type": "text/html; charset=UTF-8" };
      const accepted = c.req.header("accept-encoding");
      if (acceptsEncoding(accepted, "br")) return c.body(page.brotli, page.status as 200, { ...headers, "Content-Encoding": "br" });
      if (acceptsEncoding(accepted, "gzip")) return c.body(page.gzipped, page.status as 200, { ...headers, "Content-Encoding": "gzip" });
      return c.body(page.html, page.status as 200, headers);
    };
    for (const path of pages.paths()) if (ROUTABLE_PATH.test(path)) app.get(path, servePage);
    app.notFound((c) => (c.req.method === "GET" || c.req.method === "HEAD" ? servePage(c) : c.text("404 Not Found", 404)));
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
