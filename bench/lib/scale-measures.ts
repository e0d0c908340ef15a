/**
 * One size of the scale benchmark (bench/scale.ts): a database of its own, seeded, served by the
 * production build, and every measure the issue names, in this order: the signed-in requests and
 * the back office's beside the bare Hono yardstick (autocannon, one process), then with the server
 * stopped the daily work in this process on the same database (reconciliation, verifyLedger, the
 * audit chain, tonight's settlement), a backup and a restore, and each migration on the seeded data.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPostgres, type Database } from "#server/db/client.js";
import { migrate } from "#server/migrate.js";
import { auditCheck, ledgerCheck } from "#server/db/schema.js";
import { JOBS } from "#server/jobs/queues.js";
import { sumCompletedDays } from "#server/services/daily-figures/sum-completed-days.js";
import { runAuditCheck } from "#server/services/audit/run-audit-check.js";
import { verifyAuditChain } from "#server/services/audit/verify-audit-chain.js";
import { nextLedgerScope } from "#server/services/ledger/run-ledger-check.js";
import { settleDue, settlementWorkers } from "#server/services/investments/settle-due.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { seedPlans } from "#server/services/plans/seed-plans.js";
import { reconcile, reconciliationPeriod } from "#server/services/reconciliation/reconcile.js";
import { REPO_ROOT } from "./harness.js";
import { runLoad, type LoadCase } from "./load.js";
import { measureMigrations, type MigrationMeasure } from "./scale-migrations.js";
import { ADMIN_PAGE, DEEP_PAGE, HISTORY_PAGE, historyCursor, lastPageCursor, makePeople } from "./scale-people.js";
import { seedScale, TONIGHT_HOURS, type SeedCounts } from "./scale-seed.js";
import { freePort, startHello, startServer } from "./server.js";

export type MeasureGroup = "request" | "admin" | "daily";

export interface Measure {
  name: string;
  group: MeasureGroup;
  /**
   * Requests: latency (ms) at the planned load (`plannedRate` a second over `connections`; for the
   * back office, as fast as `connections` operators are answered), and for investors' requests the
   * rate and p99 when `connections` ask as fast as they are answered, beside the yardstick's rate.
   */
  p50?: number;
  p99?: number;
  plannedRate?: number;
  rate?: number;
  saturatedP99?: number;
  connections?: number;
  /** One request at a time (ms): what one person feels when nobody else is asking. */
  aloneP50?: number;
  aloneP99?: number;
  /** Daily work: seconds, and what it went through. */
  seconds?: number;
  detail?: string;
  /** Responses that were not 2xx, or problems a check reported: a measure with any is not a pass. */
  failures?: number;
}

export interface SizeResult {
  investors: number;
  seed: SeedCounts;
  yardstickRate: number;
  measures: Measure[];
  migrations: MigrationMeasure[];
}

export interface SizeOptions {
  investors: number;
  seconds: number;
  skip: Set<string>;
  createDatabase(label: string): Promise<string>;
  assertOurs(url: string): Promise<void>;
  log(line: string): void;
}

const CONNECTIONS = 50;
/**
 * The planned peak (200 signed-in requests a second, 20 transfers a second), each request case
 * sent at it alone: what an investor feels on a busy day, where the saturated run shows the headroom.
 */
const PLANNED_RATE = { GET: 200, POST: 20 } as const;
/** An operator's screen is asked for by a few people at once, not fifty. */
const ADMIN_CONNECTIONS = 5;
/** Requests one at a time for the unloaded latency. */
const ALONE_REQUESTS = 200;

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * p50 and p99 of `n` requests sent one after another (each person of `inTurn` in turn, a fresh
 * Idempotency-Key on each POST), and what the first refused one answered.
 */
async function alone(load: LoadCase, n: number): Promise<{ p50: number; p99: number; failures: number; firstFailure?: string }> {
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < n; i++) {
    const who = load.inTurn?.[i % load.inTurn.length];
    const headers = { ...load.headers, ...who?.headers, ...(load.freshIdempotencyKey ? { "Idempotency-Key": crypto.randomUUID() } : {}) };
    const started = performance.now();
    const response = await fetch(load.url, { method: load.method ?? "GET", headers, body: who?.body ?? load.body });
    const text = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) {
      failures += 1;
      firstFailure ??= `HTTP ${response.status} ${text.slice(0, 200)}`;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)]!, p99: times[Math.min(n - 1, Math.floor(n * 0.99))]!, failures, ...(firstFailure ? { firstFailure } : {}) };
}

/** How long to wait for transactions older than the seed (in any database) to end. */
const OLDER_TRANSACTIONS_WAIT_MS = 10 * 60_000;

/**
 * Waits until no transaction that began before now is open anywhere on the server: an index built
 * over freshly written rows is not used by plans while one is (pg_index.indcheckxmin), so another
 * program's long transaction would make every query here a sequential scan.
 */
async function waitForOlderTransactions(db: Database, log: (line: string) => void): Promise<void> {
  const since = new Date().toISOString();
  const deadline = Date.now() + OLDER_TRANSACTIONS_WAIT_MS;
  for (let said = false; ; said = true) {
    const [open] = await rows<{ n: number; oldest: string | null }>(
      db,
      sql`select count(*)::int as n, min(datname) as oldest from pg_stat_activity
          where backend_xmin is not null and xact_start < ${since}::timestamptz and pid <> pg_backend_pid()`,
    );
    if (!open || open.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${open.n} transactions older than the seed are still open (database ${open.oldest}); measuring now would time sequential scans`);
    if (!said) log(`  waiting for ${open.n} older transactions to end (database ${open.oldest})`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const QUIET_QUEUE_WAIT_MS = 180_000;

/**
 * Waits until the job queue has no mail left to send: a saturated run of POSTs leaves thousands of
 * e-mails queued, which would otherwise be sent during the next case's measurement.
 */
async function waitForQuietQueue(db: Database, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [queued] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = ${JOBS.sendMail} and state in ('created', 'retry', 'active')`);
    if (!queued || queued.n === 0) break;
    if (Date.now() - started > QUIET_QUEUE_WAIT_MS) throw new Error(`${queued.n} e-mails still queued after ${QUIET_QUEUE_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (Date.now() - started > 1_000) log(`  (waited ${((Date.now() - started) / 1000).toFixed(0)} s for the queued e-mails to be sent)`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

export async function measureSize(options: SizeOptions): Promise<SizeResult> {
  const { investors, log } = options;
  const url = await options.createDatabase(String(investors));
  await options.assertOurs(url);
  const handle = await openPostgres(url, { max: 10 });
  const cleanups: Array<() => Promise<unknown>> = [() => handle.close()];
  try {
    await migrate(handle);
    await seedPlans(handle.db);
    const now = new Date();
    log(`seeding ${investors.toLocaleString("en-US")} investors`);
    const seed = await seedScale(url, investors, now, log);
    log(`seeded in ${seed.seconds.toFixed(0)} s: ${seed.postings.toLocaleString("en-US")} postings`);

    // The periodic ledger check's last result and the daily figures up to yesterday, as a running
    // platform has them (the overview reads both).
    await handle.db.insert(ledgerCheck).values({ id: crypto.randomUUID(), checkedAt: new Date(), problemCount: 0, problems: [] });
    const { seconds: dailyFiguresSeconds } = await timed(() => sumCompletedDays(handle.db, now));
    log(`daily figures stored in ${dailyFiguresSeconds.toFixed(0)} s`);
    await waitForOlderTransactions(handle.db, log);
    const server = await startServer(REPO_ROOT, { databaseUrl: url, publishPages: true });
    cleanups.unshift(() => server.stop());
    const helloPort = await freePort();
    const hello = await startHello(helloPort);
    cleanups.unshift(async () => hello.kill("SIGTERM"));
    const people = await makePeople(server.baseUrl, handle.db);
    await handle.db.execute(sql`analyze`);
    const base = server.baseUrl;
    const json = { "Content-Type": "application/json", Origin: base };
    const reader = { Cookie: people.reader.cookie };
    const operator = { Cookie: people.adminCookie };
    const fragmentUser = Math.floor(investors * 0.777);
    const requestCases: LoadCase[] = [
      { name: "GET /api/me/summary", url: `${base}/api/me/summary`, headers: reader },
      { name: "GET /api/transactions (first page)", url: `${base}/api/transactions?limit=${HISTORY_PAGE}`, headers: reader },
      { name: `GET /api/transactions (page ${DEEP_PAGE})`, url: `${base}/api/transactions?limit=${HISTORY_PAGE}&cursor=${await historyCursor(handle.db, people.reader.id, DEEP_PAGE)}`, headers: reader },
      { name: "GET /api/notifications", url: `${base}/api/notifications`, headers: reader },
      {
        name: "POST /api/investments",
        url: `${base}/api/investments`,
        method: "POST",
        freshIdempotencyKey: true,
        inTurn: people.senders.map((sender) => ({ headers: { ...json, Cookie: sender.cookie }, body: JSON.stringify({ planId: "standard", amountCents: 100_000 }) })),
      },
      {
        name: "POST /api/transfers",
        url: `${base}/api/transfers`,
        method: "POST",
        freshIdempotencyKey: true,
        inTurn: people.senders.map((sender, i) => ({ headers: { ...json, Cookie: sender.cookie }, body: JSON.stringify({ toEmail: people.recipients[i]!.email, amountCents: 1 }) })),
      },
    ];
    const adminCases: LoadCase[] = [
      { name: "users: search by e-mail", url: `${base}/api/admin/users?q=${encodeURIComponent(`investor${fragmentUser}@example.com`)}`, headers: operator },
      { name: "users: search by name fragment", url: `${base}/api/admin/users?q=${encodeURIComponent(`kafor ${fragmentUser}`)}`, headers: operator },
      { name: "users: first page, newest first", url: `${base}/api/admin/users?limit=${ADMIN_PAGE}`, headers: operator },
      { name: "deposits queue: first page (pending, by amount)", url: `${base}/api/admin/deposits?status=pending&sort=amountCents&limit=${ADMIN_PAGE}`, headers: operator },
      { name: "deposits queue: last page", url: `${base}/api/admin/deposits?status=pending&sort=amountCents&limit=${ADMIN_PAGE}${await lastPageCursor(handle.db, "deposit", "pending")}`, headers: operator },
      { name: "payouts queue: first page (requested, by amount)", url: `${base}/api/admin/payouts?status=requested&sort=amountCents&limit=${ADMIN_PAGE}`, headers: operator },
      { name: "payouts queue: last page", url: `${base}/api/admin/payouts?status=requested&sort=amountCents&limit=${ADMIN_PAGE}${await lastPageCursor(handle.db, "payout", "requested")}`, headers: operator },
      { name: "overview", url: `${base}/api/admin/overview`, headers: operator },
    ];

    const measures: Measure[] = [];
    const yardstick = await runLoad({ name: "bare Hono hello", url: `http://127.0.0.1:${helloPort}/` }, { connections: CONNECTIONS, seconds: options.seconds });
    const groups = [["request", requestCases, CONNECTIONS], ["admin", adminCases, ADMIN_CONNECTIONS]] as const;
    for (const [group, cases, connections] of groups.filter(([group]) => !options.skip.has(`${group}s`))) {
      for (const load of cases) {
        const one = await alone(load, load.method === "POST" ? 50 : ALONE_REQUESTS);
        // The planned rate first, on a calm server: after a saturated run of POSTs the job queue
        // is still sending thousands of their e-mails, which the planned load would compete with.
        const plannedRate = group === "request" ? PLANNED_RATE[load.method ?? "GET"] : undefined;
        const planned = plannedRate ? await runLoad(load, { connections, seconds: options.seconds, rate: plannedRate }) : undefined;
        const loaded = await runLoad(load, { connections, seconds: options.seconds });
        if (load.method === "POST") await waitForQuietQueue(handle.db, log);
        // No answer within the run is a failure, not a latency of 0.
        const judged = planned ?? loaded;
        const answered = judged.responses > 0 && loaded.responses > 0;
        const failures = one.failures + loaded.non2xx + loaded.errors + (planned ? planned.non2xx + planned.errors : 0) + (answered ? 0 : 1);
        measures.push({
          name: load.name, group, connections, plannedRate, failures,
          p50: answered ? judged.p50 : Number.NaN, p99: answered ? judged.p99 : Number.NaN,
          rate: loaded.requestsPerSecond, saturatedP99: plannedRate && answered ? loaded.p99 : undefined,
          aloneP50: one.p50, aloneP99: one.p99,
        });
        log(`  ${load.name}: p99 ${judged.p99.toFixed(1)} ms${plannedRate ? ` at ${plannedRate}/s` : ""}, ${loaded.p99} ms at ${connections} as fast as answered (${loaded.requestsPerSecond.toFixed(0)}/s), ${one.p99.toFixed(1)} ms alone, ${failures} failed${one.firstFailure ? ` (first: ${one.firstFailure})` : ""}`);
      }
    }
    await server.stop();
    hello.kill("SIGTERM");

    const daily = async (name: string, work: () => Promise<{ detail: string; failures: number }>) => {
      const { value, seconds } = await timed(work);
      measures.push({ name, group: "daily", seconds, ...value });
      log(`  ${name}: ${seconds.toFixed(1)} s (${value.detail})`);
    };
    if (options.skip.has("daily")) return { investors, seed, yardstickRate: yardstick.requestsPerSecond, measures, migrations: [] };
    await daily("reconciliation (30 days)", async () => {
      const report = await reconcile(handle.db, reconciliationPeriod({}, now));
      return { detail: `${report.days.length} days`, failures: 0 };
    });
    await daily("verifyLedger, whole (on demand)", async () => {
      const problems = await verifyLedger(handle.db);
      return { detail: `${problems.length} problems`, failures: problems.length };
    });
    await daily("audit chain, whole (npm run audit -- verify)", async () => {
      const report = await verifyAuditChain(handle.db);
      // As if the daily job had checked the chain then: the next run goes on from this head.
      await handle.db.insert(auditCheck).values({ id: crypto.randomUUID(), checkedAt: new Date(), headSeq: report.last.seq, headHash: report.last.hash, sweptTo: 0n, entries: report.entries });
      return { detail: `${report.entries.toLocaleString("en-US")} entries${report.broken ? `, broken at ${report.broken.seq}` : ""}`, failures: report.broken ? 1 : 0 };
    });
    const tonight = new Date(now.getTime() + TONIGHT_HOURS * 3_600_000);
    const due = Number((await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from investment where status = 'active' and matures_at <= ${tonight.toISOString()}::timestamptz`))[0]!.n);
    const settlementStarted = new Date();
    await daily("settlement of tonight's maturities", async () => {
      const result = await settleDue(handle.db, tonight, { workers: settlementWorkers("postgres") });
      return { detail: `${result.settled.toLocaleString("en-US")} of ${due.toLocaleString("en-US")} due`, failures: result.settled === due ? 0 : 1 };
    });
    const settlement = measures.at(-1)!;
    settlement.rate = due / settlement.seconds!;
    // The periodic checks after tonight: what the settlement wrote (and the requests before it).
    await daily("ledger check, periodic (after tonight)", async () => {
      const scope = nextLedgerScope({ checkedAt: settlementStarted, problemCount: 0 }, new Date());
      const problems = await verifyLedger(handle.db, scope);
      return { detail: `${problems.length} problems, since ${scope!.since.toISOString().slice(11, 16)} UTC and 1/${scope!.slice!.of} of the accounts`, failures: problems.length };
    });
    await daily("audit check, daily", async () => {
      const result = await runAuditCheck(handle.db, new Date());
      return { detail: `${result.entries.toLocaleString("en-US")} entries${result.broken ? `, broken at ${result.broken.seq}` : ""}`, failures: result.broken ? 1 : 0 };
    });

    if (!options.skip.has("backup")) {
      const dir = mkdtempSync(path.join(tmpdir(), "termvest-scale-"));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, "backup.dump");
      await daily("backup (pg_dump -Fc)", async () => {
        execFileSync("pg_dump", ["-Fc", "-f", file, url]);
        return { detail: `${(statSync(file).size / 1024 ** 2).toFixed(0)} MB`, failures: 0 };
      });
      const restoreUrl = await options.createDatabase(`${investors}_restore`);
      await options.assertOurs(restoreUrl);
      await daily("restore (pg_restore)", async () => {
        execFileSync("pg_restore", ["--no-owner", "-d", restoreUrl, file]);
        const [original] = await rows<{ n: string }>(handle.db, sql`select count(*)::text as n from posting`);
        const restored = await openPostgres(restoreUrl, { max: 1 });
        try {
          const [copy] = await rows<{ n: string }>(restored.db, sql`select count(*)::text as n from posting`);
          return { detail: `${Number(copy!.n).toLocaleString("en-US")} postings restored`, failures: copy!.n === original!.n ? 0 : 1 };
        } finally {
          await restored.close();
        }
      });
    }
    const migrations = options.skip.has("migrations") ? [] : await measureMigrations(url, log);
    return { investors, seed, yardstickRate: yardstick.requestsPerSecond, measures, migrations };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: Error) => log(`cleanup: ${error.message}`));
  }
}
