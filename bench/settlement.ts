/**
 * Settlement benchmark: how fast the app's real settlement path, settleDue(db, now, { workers })
 * as the job runs it on PostgreSQL (server/services/investments/settle-due.ts →
 * settle_due_investments, server/db/sql/functions/settle_due_investments.sql), pays out N investments that are all due, at N = 10,000, then
 * N = 100,000, then N = 10,000 again (the ratio bar takes the mean of the two small runs), on
 * PostgreSQL with its durability settings as shipped. Writes the
 * `## Settlement (bench/settlement.ts)` section of BENCHMARKS.md and prints a summary.
 *
 *   npx tsx bench/settlement.ts
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * Each run gets its own database (termvest_bench_settle_<random>), opened with
 * openPostgres(url, { max: 10 }), migrated, seeded with set-based SQL and dropped at the end, also on
 * failure, SIGINT or SIGTERM. No server setting is changed. After the timed runs, untimed
 * diagnostics (bench/lib/settlement-diagnostics.ts) run on fresh 10,000-investment databases.
 *
 * Exits 0 when every run verified (whether or not the bars were met), 1 when seeding or a
 * verification failed or the benchmark could not run, 130 when interrupted.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, type Database, type DatabaseHandle } from "#server/db/client.js";
import { migrate } from "#server/migrate.js";
import { settleDue, settlementWorkers } from "#server/services/investments/settle-due.js";
import { seedPlans } from "#server/services/plans/seed-plans.js";
import { table, writeSection } from "./lib/markdown.js";
import { backendPids, benchDatabaseUrl, fmt, logger, machineInfo, queryValue, redact, REPO_ROOT, serverSettings, type MachineInfo } from "./lib/harness.js";
import { explainClaim, MIN_STATEMENT_MS, settleWatched, statementBreakdown, type ClaimPlan, type ConcurrentRun, type StatementBreakdown } from "./lib/settlement-diagnostics.js";
import { machineTicks, schedstat, waitForQuiet, SETTLE_STATEMENTS, SettlementProbe, type ProbeTotals, type SettleStatement } from "./lib/settlement-probe.js";
import { checkSeed, INVESTMENTS_PER_USER, seedDueInvestments, verifySettlement, type SeedSummary } from "./lib/settlement-seed.js";

const COMMAND = "npx tsx bench/settlement.ts";
const SECTION_HEADING = "## Settlement (bench/settlement.ts)";
const POOL_MAX = 10;
const SMALL = 10_000;
const LARGE = 100_000;
/**
 * The timed runs, in order. The small run comes before and after the large one and t(small) is
 * their mean, so a change in the machine's other load during the benchmark weighs on both sides of
 * the ratio alike.
 */
const SCHEDULE = [SMALL, LARGE, SMALL];
/**
 * settleDue's default batch size, as observed: the most rows one settle_due_investments call
 * returned in the timed runs (which pass no options). Used for the report and the diagnostics.
 */
let appBatchSize = Number.NaN;
const BARS = { settlementsPerSecond: 5_000, maxRatio: 11 };
/** Settlers at once, as the app's job runs them on PostgreSQL. */
const WORKERS = settlementWorkers("postgres");
/** settleDue() is called again while investments remain (one call should finish the job); this many calls at most. */
const MAX_CALLS = 5;
/** Before each timed run: wait until the machine was at most this % busy for 2 s, for at most QUIET_MAX_MS. */
const QUIET_PCT = 30;
const QUIET_MAX_MS = 60_000;
const DIAGNOSTIC_N = 10_000;
/** Diagnostic settleDue() runs on fresh databases: settlers at once × batch size (around the default). */
function diagnosticRuns(batchSize: number): Array<{ workers: number; batchSize: number }> {
  const sizes = [...new Set([100, batchSize, batchSize * 4])].sort((a, b) => a - b);
  return [...sizes.map((size) => ({ workers: 1, batchSize: size })), { workers: 2, batchSize }];
}

const log = logger("settlement");

/** Set by SIGINT / SIGTERM; the signal handler then drops the databases and exits 130. */
let interrupted: string | undefined;

class Interrupted extends Error {
  constructor(signal: string) {
    super(`interrupted by ${signal}`);
  }
}

interface Usage {
  nodeCpuSeconds: number;
  /** Time the run's PostgreSQL backends spent on a CPU / waiting in the run queue for one (schedstat). */
  pgRunSeconds: number | null;
  pgWaitSeconds: number | null;
  /** The same for this process's main thread (where JavaScript runs). */
  nodeWaitSeconds: number | null;
  walBytes: number | null;
  /** The whole machine, % of all cores busy during the run. */
  machineBusyPct: number | null;
}

interface RunResult {
  /** 1-based position in SCHEDULE. */
  order: number;
  /** % of the machine busy in the 2 s before the run started, and how long the benchmark waited for it to calm down. */
  busyBefore: number | null;
  waitedMs: number;
  investments: number;
  seed: SeedSummary;
  seconds: number;
  calls: number;
  settled: number;
  probe: ProbeTotals;
  usage: Usage;
  problems: string[];
}

interface Diagnostics {
  claim: ClaimPlan;
  breakdown: StatementBreakdown | null;
  runs: Array<ConcurrentRun & { problems: string[] }>;
}

const SERVER_SETTINGS = ["full_page_writes", "shared_buffers", "autovacuum"] as const;
type ServerInfo = Awaited<ReturnType<typeof serverSettings<(typeof SERVER_SETTINGS)[number]>>>;

/** `show synchronous_commit` / `show fsync`, exactly. */
async function showSettings(url: string): Promise<{ synchronousCommit: string; fsync: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const synchronousCommit = String((await client.query("show synchronous_commit")).rows[0]?.synchronous_commit ?? "?");
    const fsync = String((await client.query("show fsync")).rows[0]?.fsync ?? "?");
    return { synchronousCommit, fsync };
  } finally {
    await client.end();
  }
}

/**
 * The WAL insert position in bytes. pg_stat_wal lags (each backend reports its WAL now and then,
 * so a run of a second could show none); the difference of two positions is every WAL byte written
 * in between, by any process.
 */
async function walBytes(db: Database): Promise<number | null> {
  try {
    return Number(await queryValue(db, sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as value`));
  } catch {
    return null;
  }
}



const rate = (r: RunResult) => r.settled / r.seconds;
const verified = (r: { problems: string[] }) => r.problems.length === 0;
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);

/** Mean ms of one settle_due_investments call over the first and the last tenth of the full batches. */
function batchDrift(batches: number[]): { first: number; last: number } {
  const full = batches.length > 1 ? batches.slice(0, -1) : batches; // the last call is the short (or empty) batch
  const slice = Math.max(1, Math.floor(full.length / 10));
  return { first: mean(full.slice(0, slice)), last: mean(full.slice(-slice)) };
}

/** % of all cores used during a run by processes other than this one and its backends. */
function othersPct(r: RunResult): number | null {
  const cores = os.availableParallelism();
  if (r.usage.machineBusyPct === null || r.usage.pgRunSeconds === null) return null;
  return Math.max(0, r.usage.machineBusyPct - ((r.usage.pgRunSeconds + r.usage.nodeCpuSeconds) / r.seconds / cores) * 100);
}

/** ms per settlement. */
const per = (r: RunResult, value: number | null, unit = 1000) => (value === null || !r.settled ? null : (value * unit) / r.settled);
const perStatement = (r: RunResult, kind: SettleStatement) => (r.settled ? r.probe.statements[kind].ms / r.settled : Number.NaN);

interface Bars {
  rate: { measured: string; pass: boolean };
  ratio: { value: number | null; measured: string; pass: boolean };
}

const sumSeconds = (list: RunResult[]) => list.reduce((sum, r) => sum + r.seconds, 0);
const label = (r: RunResult) => `${fmt.int(r.investments)} (run ${r.order})`;

/** t(LARGE) / mean t(SMALL), with the runs it came from; null until both sizes ran. */
function ratioOf(runs: RunResult[]): { value: number; small: RunResult[]; large: RunResult } | null {
  const small = runs.filter((r) => r.investments === SMALL);
  const large = runs.find((r) => r.investments === LARGE);
  return small.length && large ? { value: large.seconds / (sumSeconds(small) / small.length), small, large } : null;
}

function bars(runs: RunResult[]): Bars {
  const measured = runs.filter((r) => r.settled > 0);
  const ratio = ratioOf(runs);
  return {
    rate: {
      measured: measured.length ? measured.map((r) => `${fmt.int(rate(r))}/s at N = ${label(r)}`).join("; ") : "not measured",
      pass: measured.length === SCHEDULE.length && measured.every((r) => rate(r) >= BARS.settlementsPerSecond && verified(r)),
    },
    ratio: {
      value: ratio?.value ?? null,
      measured: ratio
        ? `${ratio.value.toFixed(2)}× (${ratio.large.seconds.toFixed(2)} s / mean of ${ratio.small.map((r) => `${r.seconds.toFixed(2)} s`).join(" and ")})`
        : "not measured",
      pass: ratio !== null && ratio.value <= BARS.maxRatio && verified(ratio.large) && ratio.small.every(verified),
    },
  };
}

/** The code measured: the commit, and any uncommitted change under server/ or shared/ (the settlement path lives there). */
function codeVersion(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "server", "shared"], { cwd: REPO_ROOT, encoding: "utf8" })
      .split("\n")
      .map((line) => line.slice(3).trim())
      .filter(Boolean);
    return `commit ${head}${dirty.length ? ` with uncommitted changes to ${dirty.map((file) => `\`${file}\``).join(", ")}` : ", no uncommitted changes under server/ or shared/"}`;
  } catch {
    return "unknown (not a git checkout)";
  }
}


/** Observations computed from this run's figures (no fixed prose about numbers). */
function readingNotes(runs: RunResult[], diagnostics: Diagnostics | undefined): string[] {
  const notes: string[] = [];
  for (const r of runs) {
    const pgMs = per(r, r.usage.pgRunSeconds);
    const others = othersPct(r);
    const nodeMs = per(r, r.usage.nodeCpuSeconds);
    const waitShare = r.usage.pgWaitSeconds === null ? null : ((r.usage.pgWaitSeconds + (r.usage.nodeWaitSeconds ?? 0)) / r.seconds) * 100;
    if (pgMs !== null && nodeMs !== null) {
      notes.push(
        `N = ${label(r)}: each settlement cost ${fmt.ms(pgMs, 3)} ms of PostgreSQL CPU and ${fmt.ms(nodeMs, 3)} ms of Node.js CPU; ` +
          `settleDue() runs ${WORKERS} settler${WORKERS === 1 ? "" : "s"} at once, each on its own connection, so that CPU alone caps it near ` +
          `${fmt.int((1000 * Math.min(WORKERS, os.availableParallelism())) / (pgMs + nodeMs))} settlements/s on an otherwise idle machine (bar ${fmt.int(BARS.settlementsPerSecond)}). The backends and Node.js waited ` +
          `${fmt.pct(waitShare)} of the wall time in the run queue for a CPU; other processes kept ${fmt.pct(others)} of the machine busy meanwhile.`,
      );
    }
  }
  const ratio = ratioOf(runs);
  const cpuOf = (r: RunResult) => (r.usage.pgRunSeconds === null ? Number.NaN : r.usage.pgRunSeconds + r.usage.nodeCpuSeconds);
  if (ratio) {
    const cpuRatio = cpuOf(ratio.large) / (ratio.small.reduce((sum, r) => sum + cpuOf(r), 0) / ratio.small.length);
    const drift = batchDrift(ratio.large.probe.batchesMs);
    notes.push(
      `Scaling: the ${fmt.int(LARGE)} run took ${ratio.value.toFixed(2)}× the wall time and ${fmt.ms(cpuRatio)}× the CPU (PostgreSQL + Node.js) ` +
        `of a ${fmt.int(SMALL)} run (mean of ${ratio.small.length}); the ${fmt.int(SMALL)} runs took ${ratio.small.map((r) => `${r.seconds.toFixed(2)} s`).join(" and ")}. ` +
        `A batch took ${fmt.ms(drift.first, 0)} ms on average in the first tenth of the ${fmt.int(LARGE)} run and ${fmt.ms(drift.last, 0)} ms in the last.`,
    );
  }
  const breakdown = diagnostics?.breakdown;
  if (breakdown && breakdown.statements.length) {
    const top = breakdown.statements.slice(0, 3);
    notes.push(
      `Inside one batch of ${fmt.int(breakdown.settled)} (auto_explain, diagnostics): ${top
        .map((st) => `\`${st.text.slice(0, 48)}${st.text.length > 48 ? "…" : ""}\` ${fmt.pct((st.ms / breakdown.totalMs) * 100)}`)
        .join(", ")} of ${fmt.ms(breakdown.totalMs, 0)} ms` +
        `${diagnostics.claim.ms !== null ? `; the walk through the whole queue alone ${fmt.ms(diagnostics.claim.ms)} ms` : ""}.`,
    );
  }
  const solo = diagnostics?.runs.filter((c) => c.workers === 1) ?? [];
  if (solo.length > 1) {
    const cpu = (c: ConcurrentRun) => (c.pgCpuSeconds === null ? Number.NaN : (c.pgCpuSeconds * 1000) / c.settled);
    const base = solo.find((c) => c.batchSize === appBatchSize);
    const best = solo.reduce((a, b) => (cpu(b) < cpu(a) ? b : a));
    const verdict =
      base && best !== base && cpu(best) < cpu(base) * 0.9
        ? `batches of ${fmt.int(best.batchSize)} cost ${fmt.pct((1 - cpu(best) / cpu(base)) * 100)} less than the default ${fmt.int(appBatchSize)}`
        : `no size tried costs 10 % less than the default ${fmt.int(appBatchSize)}`;
    notes.push(`Batch size: PostgreSQL CPU per settlement ${solo.map((c) => `${fmt.ms(cpu(c), 3)} ms at ${fmt.int(c.batchSize)}`).join(", ")}; ${verdict}.`);
  }
  const single = diagnostics?.runs.find((c) => c.workers === 1 && c.batchSize === appBatchSize);
  const pair = diagnostics?.runs.find((c) => c.workers === 2);
  if (single && pair) {
    notes.push(
      `Two settlers at once (as two servers would run the job) settled ${fmt.int(pair.settled / pair.seconds)}/s against ` +
        `${fmt.int(single.settled / single.seconds)}/s for one; a settler's backend was waiting for a lock in ${fmt.pct(pair.lockWaitShare * 100)} of the samples ` +
        `(${fmt.pct(single.lockWaitShare * 100)} alone)` +
        (pair.lockWaitShare > 0.05
          ? ": two separate settleDue() calls each walk the whole queue, so their batches share users and wait on those users' accounts " +
            "(one settleDue() with several workers gives each its own slice of users instead). "
          : ": each batch claims whole users with SKIP LOCKED, so two settlers that meet the same user rarely split their investments. ") +
        `One lookup of \`p:interest\` ` +
        `touched up to ${pair.interestLookupMaxBuffers} buffers (${single.interestLookupMaxBuffers} with one settler)` +
        `${pair.interestLookupMaxBuffers > 2 * single.interestLookupMaxBuffers + 4 ? ": while the settlers' transactions overlap, the row's old versions cannot be pruned" : ""}.`,
    );
  }
  return notes;
}

function renderSection(
  runs: RunResult[],
  diagnostics: Diagnostics | undefined,
  machine: MachineInfo,
  server: ServerInfo,
  shown: { synchronousCommit: string; fsync: string },
  serverUrl: string,
  started: Date,
  code: string,
): string {
  const b = bars(runs);
  const lines: string[] = [];
  lines.push(
    `- Date: ${started.toISOString().replace(/\.\d+Z$/, "Z")}`,
    `- Machine: ${machine.cores} cores (\`nproc\`), ${machine.memoryGiB} GiB memory (\`os.totalmem()\`), ${machine.cpuModel}; ` +
      `load average (1 / 5 / 15 min) ${fmt.load(machine.loadBefore)} before, ${fmt.load(machine.loadAfter)} after. ` +
      "Node.js and PostgreSQL share these cores with whatever else runs on the machine.",
    `- Node ${process.version}; ${server.version}`,
    `- Durability as shipped (never changed by the benchmark): \`show synchronous_commit\` = ${shown.synchronousCommit}, ` +
      `\`show fsync\` = ${shown.fsync}; \`full_page_writes\` = ${server.full_page_writes}, \`shared_buffers\` = ${server.shared_buffers}, ` +
      `\`autovacuum\` = ${server.autovacuum}.`,
    `- Code: ${code}.`,
    `- Command: \`${COMMAND}\` (server ${serverUrl.replace(/\/[^/]*$/, "/")}, from \`BENCH_DATABASE_URL\`, else \`TEST_DATABASE_URL\`, else the default).`,
    `- Method: runs N = ${SCHEDULE.map(fmt.int).join(", then ")}, each on a fresh database \`termvest_bench_settle_<random>\`, \`openPostgres(url, { max: ${POOL_MAX} })\`, \`migrate()\`, ` +
      "`seedPlans()`, dropped at the end. Seed (set-based SQL in one transaction, untimed): N/" +
      `${INVESTMENTS_PER_USER} users; N active investments spread over the seeded plans with their real terms (plan minimum plus ` +
      "0–$10,000.00 of principal, profit = principal × rate half-up as `applyRate`), maturities spread over the 30 days before `now`; " +
      "per user one deposit journal (`p:deposits` → available) and per investment its `investment:<id>` journal (available → invested, " +
      "its `start_journal_id`), every balance equal to its postings. Then `VACUUM ANALYZE` and `CHECKPOINT`; the seed's terms and " +
      "`verifyLedger()` (= []) are checked before timing.",
    `- Timed: \`settleDue(db, now, { workers: ${WORKERS} })\` exactly as the job calls it on PostgreSQL (${WORKERS} settlers at once; its default batch size, ${fmt.int(appBatchSize)} as observed; one transaction per batch: ` +
      "`settle_due_investments`, then the notifications insert), called again only if investments remained.",
    "- Verified after each run: no investment active; N `maturity:` journals, each linked from its investment, with 3 postings; " +
      "`verifyLedger()` = []; `p:interest` = −Σ profit_cents; users' available balances = Σ(principal + profit) in total and per user; " +
      "invested balances 0; N notifications; `settleDue()`'s totals match.",
    "",
    "### Bars",
    "",
    table(
      ["Bar", "Measured", "Result"],
      [
        [`At least ${fmt.int(BARS.settlementsPerSecond)} settlements per second (every run)`, b.rate.measured, b.rate.pass ? "PASS" : "**FAIL**"],
        [`The ${fmt.int(LARGE)} run takes at most ${BARS.maxRatio}× the ${fmt.int(SMALL)} run`, b.ratio.measured, b.ratio.pass ? "PASS" : "**FAIL**"],
      ],
      ["l", "r", "l"],
    ),
    "",
    "### Runs",
    "",
    table(
      ["Run", "N", "Users", "Seconds", "Settlements/s", "Batches", "Busy before", "Others' CPU", "Verified"],
      runs.map((r) => [
        String(r.order),
        fmt.int(r.investments),
        fmt.int(r.seed.users),
        fmt.s(r.seconds),
        fmt.int(rate(r)),
        fmt.int(r.probe.statements.settle_due_investments.count),
        fmt.pct(r.busyBefore),
        fmt.pct(othersPct(r)),
        verified(r) ? "PASS" : `**FAIL** (${r.problems.length} problem${r.problems.length === 1 ? "" : "s"})`,
      ]),
      ["r", "r", "r", "r", "r", "r", "r", "r", "l"],
    ),
    "",
    `t(${fmt.int(LARGE)}) / t(${fmt.int(SMALL)}) = ${b.ratio.value === null ? "–" : b.ratio.value.toFixed(2)}, t(${fmt.int(SMALL)}) being the mean of the ` +
      `${fmt.int(SMALL)} runs before and after the ${fmt.int(LARGE)} run. *Busy before*: the machine in the 2 s before the run (each run ` +
      `waits up to ${QUIET_MAX_MS / 1000} s for ≤ ${QUIET_PCT} %); *Others' CPU*: the share of all cores that other processes ` +
      "(other work on the machine, PostgreSQL's background processes) used during the run (`/proc/stat` less this process and its backends).",
    "",
    "### Where the time goes",
    "",
    "Milliseconds per settlement. Statements as the client sees them (round trip + server work + event-loop wait), summed over " +
      `the ${WORKERS} settlers that run at once, so with *JS* (the rest: drizzle, building the notifications) they add up to ${WORKERS} × *Wall*. ` +
      "*PG CPU* / *PG wait*: the run's PostgreSQL backends on a CPU / waiting in the run queue " +
      "for one (`/proc/<pid>/schedstat`); *Node CPU*: this process. WAL: bytes between the WAL insert positions before and after the run (cluster-wide). *Batches*: mean ms of one " +
      "`settle_due_investments` call in the first / last tenth of the run.",
    "",
    table(
      ["Run", "N", "Wall", "settle_due_investments", "notifications insert", "BEGIN + COMMIT", "JS", "PG CPU", "PG wait", "Node CPU", "WAL bytes", "Batches first / last"],
      runs.map((r) => {
        const wall = (r.seconds * 1000) / r.settled;
        const known = SETTLE_STATEMENTS.reduce((sum, kind) => sum + perStatement(r, kind), 0);
        const drift = batchDrift(r.probe.batchesMs);
        return [
          String(r.order),
          fmt.int(r.investments),
          fmt.ms(wall, 3),
          fmt.ms(perStatement(r, "settle_due_investments"), 3),
          fmt.ms(perStatement(r, "insert_notification"), 3),
          fmt.ms(perStatement(r, "begin") + perStatement(r, "commit"), 3),
          fmt.ms(WORKERS * wall - known, 3),
          fmt.ms(per(r, r.usage.pgRunSeconds), 3),
          fmt.ms(per(r, r.usage.pgWaitSeconds), 3),
          fmt.ms(per(r, r.usage.nodeCpuSeconds), 3),
          fmt.int(per(r, r.usage.walBytes, 1) ?? Number.NaN),
          `${fmt.ms(drift.first, 0)} / ${fmt.ms(drift.last, 0)}`,
        ];
      }),
      ["r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  if (diagnostics) {
    lines.push(
      "",
      `### Diagnostics (untimed, fresh ${fmt.int(DIAGNOSTIC_N)}-investment databases)`,
      "",
      `The walk through the queue (the query of the \`FOR … LOOP\` in the deployed \`settle_due_investments\` that picks the users of a batch), explained as the function runs it (its own planner settings, the generic plan) from the start of the queue; ANALYZE reads it to the end, while a batch stops once it has its users (rolled back):`,
      "",
      "```",
      ...diagnostics.claim.lines,
      "```",
      "",
      ...(diagnostics.breakdown
        ? [
            `Statements inside one \`settle_due_investments\` call of ${fmt.int(diagnostics.breakdown.settled)} (auto_explain durations, nested ` +
              `statements, without ANALYZE; one rolled-back transaction): ${fmt.ms(diagnostics.breakdown.totalMs, 1)} ms in all. A statement's ` +
              `time includes the triggers it fired (foreign-key checks) and any function it called; statements under ` +
              `${MIN_STATEMENT_MS} ms are not listed.`,
            "",
            table(
              ["Statement", "Calls", "ms", "ms per settlement", "Share"],
              diagnostics.breakdown.statements.slice(0, 12).map((st) => [
                `\`${st.text.replace(/`/g, "'")}\``,
                fmt.int(st.calls),
                fmt.ms(st.ms, 1),
                fmt.ms(st.ms / diagnostics.breakdown!.settled, 3),
                fmt.pct((st.ms / diagnostics.breakdown!.totalMs) * 100),
              ]),
              ["l", "r", "r", "r", "r"],
            ),
            "",
          ]
        : ["(auto_explain could not be loaded: no statement breakdown.)", ""]),
      "`settleDue(db, now, { batchSize })` by one or two settlers at once (two servers would run the job at once), each run on its own " +
        "fresh database, verified like the timed runs; sampled every 20 ms from another connection (lock waits: share of the samples " +
        "in which a settler's backend waited for a lock; `p:interest` lookup: most buffers one primary-key lookup of that row touched, " +
        "sampled every second).",
      "",
      table(
        ["Settlers", "Batch size", "Seconds", "Settlements/s", "PG CPU ms/settlement", "Lock waits", "p:interest lookup, max buffers", "ledger_account pages after", "Verified"],
        diagnostics.runs.map((c) => [
          String(c.workers),
          fmt.int(c.batchSize),
          fmt.s(c.seconds),
          fmt.int(c.settled / c.seconds),
          fmt.ms(c.pgCpuSeconds === null ? null : (c.pgCpuSeconds * 1000) / c.settled, 3),
          fmt.pct(c.lockWaitShare * 100),
          fmt.int(c.interestLookupMaxBuffers),
          fmt.int(c.ledgerAccountPages),
          verified(c) ? "PASS" : `**FAIL** (${c.problems.slice(0, 2).join("; ")})`,
        ]),
        ["r", "r", "r", "r", "r", "r", "r", "r", "l"],
      ),
    );
  }
  const notes = readingNotes(runs, diagnostics);
  if (notes.length) lines.push("", "Reading the figures (computed from this run):", "", ...notes.map((note) => `- ${note}`));
  const failed = runs.filter((r) => !verified(r));
  if (failed.length) {
    lines.push("", "### Problems", "");
    for (const r of failed) {
      for (const problem of r.problems.slice(0, 10)) lines.push(`- N = ${label(r)}: ${problem}`);
      if (r.problems.length > 10) lines.push(`- N = ${label(r)}: … and ${r.problems.length - 10} more`);
    }
  }
  return lines.join("\n");
}


interface Fresh {
  name: string;
  url: string;
  handle: DatabaseHandle;
  seed: SeedSummary;
  now: Date;
}

async function main(): Promise<number> {
  const started = new Date();
  const machine = machineInfo();
  const code = codeVersion();
  const baseUrl = benchDatabaseUrl();
  const created = new Set<string>();
  const handles = new Set<DatabaseHandle>();

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const dropOne = async (name: string) => {
    if (!created.has(name)) return;
    await admin(`drop database if exists ${name} with (force)`);
    created.delete(name);
    log(`dropped database ${name}`);
  };
  const dropAll = async (closeFirst: boolean) => {
    // On a signal the pools are left open: DROP … WITH (FORCE) ends their connections.
    if (closeFirst) for (const handle of handles) await handle.close().catch(() => undefined);
    handles.clear();
    for (const name of [...created]) await dropOne(name).catch((error: unknown) => log(`could not drop ${name}: ${(error as Error).message}`));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): act once.
    if (interrupted) return;
    interrupted = signal;
    log(`${signal}: dropping the benchmark database(s) and stopping`);
    void dropAll(false).finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const checkInterrupt = () => {
    if (interrupted) throw new Interrupted(interrupted);
  };

  /** A new database: migrated, plans seeded, N due investments seeded and checked. */
  const fresh = async (n: number, label: string): Promise<Fresh> => {
    const name = `termvest_bench_settle_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name}`);
    created.add(name);
    const url = new URL(baseUrl.toString());
    url.pathname = `/${name}`;
    log(`${label}: created database ${name} on ${redact(baseUrl).replace(/\/[^/]*$/, "/")}`);
    const handle = await openPostgres(url.toString(), { max: POOL_MAX });
    handles.add(handle);
    await migrate(handle);
    await seedPlans(handle.db);
    checkInterrupt();
    const now = new Date();
    const seed = await seedDueInvestments(url.toString(), n, now);
    log(
      `${label}: seeded ${fmt.int(seed.investments)} due investments of ${fmt.int(seed.users)} users, ` +
        `${fmt.int(seed.journals)} journals, ${fmt.int(seed.postings)} postings in ${seed.seconds.toFixed(1)} s ` +
        `(plans ${seed.plans.map((p) => `${p.id} ${p.rateBasisPoints} bp × ${fmt.int(p.count)}`).join(", ")})`,
    );
    const problems = await checkSeed(handle.db, n, now);
    if (problems.length) throw new Error(`the seed is not valid: ${problems.slice(0, 5).join("; ")}`);
    log(`${label}: seed checked, verifyLedger() = []`);
    checkInterrupt();
    return { name, url: url.toString(), handle, seed, now };
  };
  const finish = async (db: Fresh) => {
    await db.handle.close();
    handles.delete(db.handle);
    await dropOne(db.name);
  };

  const probe = new SettlementProbe();
  const runs: RunResult[] = [];
  try {
    log(`load average before: ${fmt.load(machine.loadBefore)} on ${machine.cores} cores; code: ${code}`);
    let server: ServerInfo | undefined;
    let shown: { synchronousCommit: string; fsync: string } | undefined;
    for (const [index, n] of SCHEDULE.entries()) {
      checkInterrupt();
      const runLabel = `N = ${fmt.int(n)} (run ${index + 1})`;
      const target = await fresh(n, runLabel);
      const { db } = target.handle;
      server ??= await serverSettings(db, SERVER_SETTINGS);
      shown ??= await showSettings(target.url);

      const quiet = await waitForQuiet(QUIET_PCT, QUIET_MAX_MS);
      log(`${runLabel}: machine ${fmt.pct(quiet.busyPct)} busy before the run${quiet.waitedMs > 2_500 ? ` (waited ${(quiet.waitedMs / 1000).toFixed(0)} s for ≤ ${QUIET_PCT} %)` : ""}`);

      // Timed: settleDue() until nothing is left. One connection per settler is open beforehand, so
      // that every backend the run uses is measured.
      await Promise.all(Array.from({ length: WORKERS }, () => db.execute(sql`select pg_sleep(0.05)`)));
      const pids = await backendPids(db);
      const sched0 = new Map(pids.map((pid) => [pid, schedstat(pid)]));
      const node0 = schedstat("self");
      const wal0 = await walBytes(db);
      const machine0 = machineTicks();
      const cpu0 = process.cpuUsage();
      probe.start();
      const t0 = performance.now();
      let settled = 0;
      let profitCents = 0n;
      let notifications = 0;
      let calls = 0;
      while (calls < MAX_CALLS) {
        calls++;
        const run = await settleDue(db, target.now, { workers: WORKERS });
        settled += run.settled;
        profitCents += run.profitCents;
        notifications += run.notifications.length;
        if (run.settled === 0 || settled >= n) break;
      }
      const seconds = (performance.now() - t0) / 1000;
      const totals = probe.stop();
      const cpu = process.cpuUsage(cpu0);
      const machine1 = machineTicks();
      const node1 = schedstat("self");
      let pgRun: number | null = null;
      let pgWait: number | null = null;
      for (const pid of await backendPids(db)) {
        const after = schedstat(pid);
        if (!after) continue;
        const before = sched0.get(pid) ?? { runMs: 0, waitMs: 0 };
        pgRun = (pgRun ?? 0) + (after.runMs - before.runMs) / 1000;
        pgWait = (pgWait ?? 0) + (after.waitMs - before.waitMs) / 1000;
      }
      const wal1 = await walBytes(db);
      const usage: Usage = {
        nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
        pgRunSeconds: pgRun,
        pgWaitSeconds: pgWait,
        nodeWaitSeconds: node0 && node1 ? (node1.waitMs - node0.waitMs) / 1000 : null,
        walBytes: wal0 !== null && wal1 !== null ? wal1 - wal0 : null,
        machineBusyPct:
          machine0 && machine1 && machine1.total > machine0.total ? ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100 : null,
      };
      checkInterrupt();

      const verification = await verifySettlement(
        db,
        { investments: n, principalCents: target.seed.principalCents, profitCents: target.seed.profitCents },
        { settled, profitCents, notifications },
      );
      const result: RunResult = { order: index + 1, busyBefore: quiet.busyPct, waitedMs: quiet.waitedMs, investments: n, seed: target.seed, seconds, calls, settled, probe: totals, usage, problems: verification.problems };
      runs.push(result);
      const drift = batchDrift(totals.batchesMs);
      log(
        `${runLabel}: ${fmt.int(settled)} settled in ${seconds.toFixed(2)} s = ${fmt.int(rate(result))}/s ` +
          `(${calls} settleDue call${calls === 1 ? "" : "s"}, ${totals.statements.settle_due_investments.count} batches, ` +
          `batches ${fmt.ms(drift.first, 0)} ms first / ${fmt.ms(drift.last, 0)} ms last; per settlement PG CPU ${fmt.ms(per(result, pgRun), 3)} ms, ` +
          `PG run-queue wait ${fmt.ms(per(result, pgWait), 3)} ms, Node CPU ${fmt.ms(per(result, usage.nodeCpuSeconds), 3)} ms; ` +
          `others' CPU ${fmt.pct(othersPct(result))}); ` +
          `${verification.problems.length ? `VERIFY FAILED: ${verification.problems.slice(0, 3).join("; ")}` : "verified"}`,
      );
      await finish(target);
    }

    appBatchSize = Math.max(...runs.flatMap((r) => r.probe.batchesRows.filter(Number.isFinite)));
    if (!Number.isFinite(appBatchSize) || appBatchSize <= 0) throw new Error("could not tell settleDue's batch size from the timed runs");
    log(`settleDue's default batch size, as observed: ${fmt.int(appBatchSize)}`);

    // Untimed diagnostics on fresh databases.
    let diagnostics: Diagnostics | undefined;
    {
      checkInterrupt();
      const target = await fresh(DIAGNOSTIC_N, "diagnostics");
      const claim = await explainClaim(target.url, target.now);
      const breakdown = await statementBreakdown(target.url, target.now, appBatchSize);
      log(
        `diagnostics: queue walk ${fmt.ms(claim.ms)} ms; one batch under auto_explain ${breakdown ? `${fmt.ms(breakdown.totalMs, 1)} ms, ${breakdown.statements.length} distinct statements` : "not available"}`,
      );
      await finish(target);
      const watched: Diagnostics["runs"] = [];
      for (const { workers, batchSize } of diagnosticRuns(appBatchSize)) {
        checkInterrupt();
        const label = `diagnostics, ${workers} settler${workers === 1 ? "" : "s"}, batch ${batchSize}`;
        const db = await fresh(DIAGNOSTIC_N, label);
        await waitForQuiet(QUIET_PCT, QUIET_MAX_MS / 2);
        const run = await settleWatched(db.handle.db, db.url, db.now, workers, batchSize);
        const verification = await verifySettlement(
          db.handle.db,
          { investments: DIAGNOSTIC_N, principalCents: db.seed.principalCents, profitCents: db.seed.profitCents },
          { settled: run.settled, profitCents: run.profitCents, notifications: run.notifications },
        );
        watched.push({ ...run, problems: verification.problems });
        log(
          `${label}: ${fmt.int(run.settled)} in ${run.seconds.toFixed(2)} s = ${fmt.int(run.settled / run.seconds)}/s, ` +
            `PG CPU ${fmt.ms(run.pgCpuSeconds === null ? null : (run.pgCpuSeconds * 1000) / run.settled, 3)} ms/settlement, ` +
            `lock waits ${fmt.pct(run.lockWaitShare * 100)}, p:interest lookup ≤ ${run.interestLookupMaxBuffers} buffers; ` +
            `${verification.problems.length ? `VERIFY FAILED: ${verification.problems.slice(0, 3).join("; ")}` : "verified"}`,
        );
        await finish(db);
      }
      diagnostics = { claim, breakdown, runs: watched };
    }
    machine.loadAfter = os.loadavg();

    const b = bars(runs);
    writeSection(SECTION_HEADING, renderSection(runs, diagnostics, machine, server!, shown!, redact(baseUrl), started, code));
    console.log("");
    console.log(
      table(
        ["Run", "N", "Seconds", "Settlements/s", "Verified"],
        runs.map((r) => [String(r.order), fmt.int(r.investments), fmt.s(r.seconds), fmt.int(rate(r)), verified(r) ? "PASS" : "FAIL"]),
        ["r", "r", "r", "r", "l"],
      ),
    );
    console.log("");
    console.log(`Bar: ≥ ${fmt.int(BARS.settlementsPerSecond)} settlements/s: ${b.rate.measured} → ${b.rate.pass ? "PASS" : "FAIL"}`);
    console.log(`Bar: t(${fmt.int(LARGE)}) ≤ ${BARS.maxRatio} × t(${fmt.int(SMALL)}): ${b.ratio.measured} → ${b.ratio.pass ? "PASS" : "FAIL"}`);
    for (const note of readingNotes(runs, diagnostics)) console.log(`- ${note}`);
    log("wrote BENCHMARKS.md (section “Settlement (bench/settlement.ts)”)");
    const bad = [...runs.filter((r) => !verified(r)).map((r) => `N = ${label(r)}`), ...diagnostics.runs.filter((c) => !verified(c)).map((c) => `diagnostics (${c.workers} settler(s), batch ${c.batchSize})`)];
    if (bad.length) {
      log(`VERIFICATION FAILED: ${bad.join(", ")}`);
      return 1;
    }
    return 0;
  } finally {
    if (!interrupted) await dropAll(true);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Interrupted: the signal handler is dropping the databases and exits when done.
    if (interrupted) return;
    console.error(`[bench:settlement] ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
