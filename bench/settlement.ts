/**
 * Settlement benchmark: how fast the app's real settlement path, settleDue(db, now)
 * (server/services/investments/settle-due.ts → settle_due_investments of migration 0006 →
 * post_journal of migration 0003), pays out N investments that are all due, at N = 10,000 and
 * N = 100,000, on PostgreSQL with its durability settings as shipped. Writes the
 * `## Settlement (bench/settlement.ts)` section of BENCHMARKS.md and prints a summary.
 *
 *   npx tsx bench/settlement.ts
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * Each N gets its own database (termvest_bench_settle_<random>), opened with
 * openPostgres(url, { max: 10 }), migrated, seeded with set-based SQL and dropped at the end, also on
 * failure, SIGINT or SIGTERM. No server setting is changed.
 *
 * Exits 0 when every run verified (whether or not the bars were met), 1 when seeding or a
 * verification failed or the benchmark could not run, 130 when interrupted.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, type Database, type DatabaseHandle } from "../server/db/client.js";
import { settleDue } from "../server/services/investments/settle-due.js";
import { seedPlans } from "../server/services/plans/seed-plans.js";
import { BENCHMARKS_INTRO, table, writeSection } from "./lib/markdown.js";
import { machineTicks, processCpuSeconds, SETTLE_STATEMENTS, SettlementProbe, type ProbeTotals, type SettleStatement } from "./lib/settlement-probe.js";
import { checkSeed, INVESTMENTS_PER_USER, seedDueInvestments, verifySettlement, type SeedSummary } from "./lib/settlement-seed.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const COMMAND = "npx tsx bench/settlement.ts";
const SECTION_HEADING = "## Settlement (bench/settlement.ts)";
const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const POOL_MAX = 10;
const SIZES = [10_000, 100_000];
/** settleDue's default batch size (server/services/investments/settle-due.ts), for the report only: the benchmark passes no options. */
const APP_BATCH_SIZE = 500;
const BARS = { settlementsPerSecond: 5_000, maxRatio: 11 };
/** settleDue() is called again while investments remain (it should finish in one call); this many calls at most. */
const MAX_CALLS = 5;

function log(message: string) {
  console.log(`[bench:settlement] ${message}`);
}

/** Set by SIGINT / SIGTERM; the signal handler then drops the databases and exits 130. */
let interrupted: string | undefined;

class Interrupted extends Error {
  constructor(signal: string) {
    super(`interrupted by ${signal}`);
  }
}

type Rows<T> = { rows: T[] };

interface Usage {
  nodeCpuSeconds: number;
  pgCpuSeconds: number | null;
  machineBusyPct: number | null;
  walBytes: number | null;
  walSyncs: number | null;
  walFpi: number | null;
}

interface RunResult {
  investments: number;
  seed: SeedSummary;
  seconds: number;
  calls: number;
  settled: number;
  probe: ProbeTotals;
  usage: Usage;
  problems: string[];
}

interface ServerInfo {
  version: string;
  synchronousCommit: string;
  fsync: string;
  fullPageWrites: string;
  sharedBuffers: string;
}

async function one(db: Database, query: ReturnType<typeof sql>): Promise<string> {
  return String(((await db.execute(query)) as unknown as Rows<Record<string, unknown>>).rows[0]?.value ?? "?");
}

async function serverInfo(db: Database): Promise<ServerInfo> {
  return {
    version: await one(db, sql`select version() as value`),
    synchronousCommit: await one(db, sql`select setting as value from pg_settings where name = 'synchronous_commit'`),
    fsync: await one(db, sql`select setting as value from pg_settings where name = 'fsync'`),
    fullPageWrites: await one(db, sql`select setting as value from pg_settings where name = 'full_page_writes'`),
    sharedBuffers: await one(db, sql`select current_setting('shared_buffers') as value`),
  };
}

/** `show synchronous_commit` / `show fsync` exactly, through a plain client (what the brief asks to report). */
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

async function walStats(db: Database): Promise<{ bytes: number; syncs: number; fpi: number } | null> {
  try {
    const rows = ((await db.execute(sql`select wal_bytes::text as bytes, wal_sync::text as syncs, wal_fpi::text as fpi from pg_stat_wal`)) as unknown as Rows<{
      bytes: string;
      syncs: string;
      fpi: string;
    }>).rows;
    const row = rows[0];
    return row ? { bytes: Number(row.bytes), syncs: Number(row.syncs), fpi: Number(row.fpi) } : null;
  } catch {
    return null;
  }
}

async function backendPids(db: Database): Promise<number[]> {
  const rows = ((await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as Rows<{ pid: number }>).rows;
  return rows.map((row) => Number(row.pid));
}

const fmt = {
  int: (value: number) => Math.round(value).toLocaleString("en-US"),
  s: (value: number) => value.toFixed(2),
  ms: (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "–"),
  num: (value: number | null, digits = 2) => (value === null || !Number.isFinite(value) ? "–" : value.toFixed(digits)),
  pct: (value: number | null) => (value === null || !Number.isFinite(value) ? "–" : `${Math.round(value)} %`),
  load: (values: number[] | undefined) => (values ? values.map((v) => v.toFixed(2)).join(" / ") : "–"),
};

const rate = (r: RunResult) => r.settled / r.seconds;
const verified = (r: RunResult) => r.problems.length === 0;

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

/** Mean ms of the first and of the last tenth of the batches (at least one each). */
function batchDrift(batches: number[]): { first: number; last: number; slices: number } {
  const full = batches.filter((_, i) => i < batches.length - 1 || batches.length === 1); // the last call may be a short batch
  const slice = Math.max(1, Math.floor(full.length / 10));
  return { first: mean(full.slice(0, slice)), last: mean(full.slice(-slice)), slices: slice };
}

interface Bars {
  rate: { measured: string; pass: boolean };
  ratio: { value: number | null; measured: string; pass: boolean };
}

function bars(runs: RunResult[]): Bars {
  const rateRuns = runs.filter((r) => r.settled > 0);
  const ratePass = rateRuns.length === SIZES.length && rateRuns.every((r) => rate(r) >= BARS.settlementsPerSecond && verified(r));
  const small = runs.find((r) => r.investments === SIZES[0]);
  const large = runs.find((r) => r.investments === SIZES[1]);
  const ratio = small && large ? large.seconds / small.seconds : null;
  return {
    rate: {
      measured: rateRuns.length ? rateRuns.map((r) => `${fmt.int(rate(r))}/s at N = ${fmt.int(r.investments)}`).join("; ") : "not measured",
      pass: ratePass,
    },
    ratio: {
      value: ratio,
      measured: ratio === null ? "not measured" : `${ratio.toFixed(2)}× (${small!.seconds.toFixed(2)} s → ${large!.seconds.toFixed(2)} s)`,
      pass: ratio !== null && ratio <= BARS.maxRatio && verified(small!) && verified(large!),
    },
  };
}

interface MachineInfo {
  cores: string;
  memoryGiB: string;
  cpuModel: string;
  loadBefore: number[];
  loadAfter?: number[];
}

function machineInfo(): MachineInfo {
  let cores: string;
  try {
    cores = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    cores = String(os.availableParallelism());
  }
  return {
    cores,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    loadBefore: os.loadavg(),
  };
}

function perSettlement(r: RunResult, kind: SettleStatement): number {
  return r.settled ? r.probe.statements[kind].ms / r.settled : Number.NaN;
}

function renderSection(
  runs: RunResult[],
  machine: MachineInfo,
  server: ServerInfo,
  shown: { synchronousCommit: string; fsync: string },
  serverUrl: string,
  started: Date,
  notes: string[],
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
      `\`show fsync\` = ${shown.fsync}; \`full_page_writes\` = ${server.fullPageWrites}, \`shared_buffers\` = ${server.sharedBuffers}.`,
    `- Command: \`${COMMAND}\` (server ${serverUrl.replace(/\/[^/]*$/, "/")}, from \`BENCH_DATABASE_URL\`, else \`TEST_DATABASE_URL\`, else the default).`,
    `- Method: for each N a fresh database \`termvest_bench_settle_<random>\`, \`openPostgres(url, { max: ${POOL_MAX} })\`, \`migrate()\`, ` +
      "`seedPlans()`, dropped at the end. Seed (set-based SQL, one transaction, untimed): N/" +
      `${INVESTMENTS_PER_USER} users; N active investments spread over the seeded plans with their real terms (plan minimum plus ` +
      "0–$10,000.00 of principal, profit = principal × rate half-up, as `applyRate`), maturities spread over the 30 days before `now`; " +
      "per user one deposit journal (`p:deposits` → available) and per investment its `investment:<id>` journal (available → invested, " +
      "its `start_journal_id`), with balances equal to their postings. Then `VACUUM ANALYZE` and `CHECKPOINT`; `verifyLedger()` " +
      "and the seed's terms are checked before timing.",
    `- Timed: \`settleDue(db, now)\` exactly as the job calls it (default batch size ${APP_BATCH_SIZE}, one transaction per batch: ` +
      "`settle_due_investments` then the notifications insert), called again only if investments remained.",
    "- Verified after each run: no investment active; N `maturity:` journals, each linked from its investment, with 3 postings; " +
      "`verifyLedger()` = []; `p:interest` = −Σ profit_cents; users' available balances = Σ(principal + profit) in total and per user; " +
      "invested balances 0; N notifications; `settleDue()`'s totals match.",
    "",
    "### Bars",
    "",
    table(
      ["Bar", "Measured", "Result"],
      [
        [`At least ${fmt.int(BARS.settlementsPerSecond)} settlements per second (each N)`, b.rate.measured, b.rate.pass ? "PASS" : "**FAIL**"],
        [`The ${fmt.int(SIZES[1]!)} run takes at most ${BARS.maxRatio}× the ${fmt.int(SIZES[0]!)} run`, b.ratio.measured, b.ratio.pass ? "PASS" : "**FAIL**"],
      ],
      ["l", "r", "l"],
    ),
    "",
    "### Runs",
    "",
    table(
      ["N", "Users", "Seed s", "Seconds", "Settlements/s", "Batches", "Verified"],
      runs.map((r) => [
        fmt.int(r.investments),
        fmt.int(r.seed.users),
        fmt.s(r.seed.seconds),
        fmt.s(r.seconds),
        fmt.int(rate(r)),
        fmt.int(r.probe.statements.settle_due_investments.count),
        verified(r) ? "PASS" : `**FAIL** (${r.problems.length} problem${r.problems.length === 1 ? "" : "s"})`,
      ]),
      ["r", "r", "r", "r", "r", "r", "l"],
    ),
    "",
    `t(${fmt.int(SIZES[1]!)}) / t(${fmt.int(SIZES[0]!)}) = ${b.ratio.value === null ? "–" : b.ratio.value.toFixed(2)}.`,
    "",
    "### Where the time goes",
    "",
    "Per settlement, in ms, as the client sees each statement (round trip + server work + event-loop wait); *JS* is the rest " +
      "(drizzle, building the notifications). CPU: this Node.js process and the run's PostgreSQL backends, in ms per settlement. " +
      "WAL from `pg_stat_wal` (cluster-wide). *First / last batches*: mean ms of one `settle_due_investments` call over the first and " +
      "the last tenth of the batches.",
    "",
    table(
      ["N", "Total", "settle_due_investments", "insert notifications", "BEGIN + COMMIT", "JS", "Node CPU", "PG CPU", "WAL bytes", "First / last batches ms"],
      runs.map((r) => {
        const totalMs = (r.seconds * 1000) / r.settled;
        const known = SETTLE_STATEMENTS.reduce((sum, kind) => sum + perSettlement(r, kind), 0);
        const drift = batchDrift(r.probe.batchesMs);
        return [
          fmt.int(r.investments),
          fmt.num(totalMs, 3),
          fmt.num(perSettlement(r, "settle_due_investments"), 3),
          fmt.num(perSettlement(r, "insert_notification"), 3),
          fmt.num(perSettlement(r, "begin") + perSettlement(r, "commit"), 3),
          fmt.num(totalMs - known, 3),
          fmt.num((r.usage.nodeCpuSeconds * 1000) / r.settled, 3),
          fmt.num(r.usage.pgCpuSeconds === null ? null : (r.usage.pgCpuSeconds * 1000) / r.settled, 3),
          fmt.int(r.usage.walBytes === null ? Number.NaN : r.usage.walBytes / r.settled),
          `${fmt.ms(drift.first)} / ${fmt.ms(drift.last)}`,
        ];
      }),
      ["r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  if (notes.length) lines.push("", ...notes);
  const failed = runs.filter((r) => !verified(r));
  if (failed.length) {
    lines.push("", "### Problems", "");
    for (const r of failed) {
      for (const problem of r.problems.slice(0, 10)) lines.push(`- N = ${fmt.int(r.investments)}: ${problem}`);
      if (r.problems.length > 10) lines.push(`- N = ${fmt.int(r.investments)}: … and ${r.problems.length - 10} more`);
    }
  }
  return lines.join("\n");
}

/** The server URL with its password hidden. */
function redact(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = "***";
  return copy.toString();
}

async function main(): Promise<number> {
  const started = new Date();
  const machine = machineInfo();
  const baseUrl = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_URL);
  const created = new Set<string>();
  const handles = new Set<DatabaseHandle>();

  const dropOne = async (name: string) => {
    if (!created.has(name)) return;
    const admin = new pg.Client({ connectionString: baseUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      created.delete(name);
      log(`dropped database ${name}`);
    } finally {
      await admin.end();
    }
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

  const probe = new SettlementProbe();
  const runs: RunResult[] = [];
  let server: ServerInfo | undefined;
  let shown: { synchronousCommit: string; fsync: string } | undefined;
  try {
    log(`load average before: ${fmt.load(machine.loadBefore)} on ${machine.cores} cores`);
    for (const n of SIZES) {
      checkInterrupt();
      const name = `termvest_bench_settle_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: baseUrl.toString() });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
        created.add(name);
      } finally {
        await admin.end();
      }
      const url = new URL(baseUrl.toString());
      url.pathname = `/${name}`;
      log(`N = ${fmt.int(n)}: created database ${name} on ${redact(baseUrl).replace(/\/[^/]*$/, "/")}`);
      const handle = await openPostgres(url.toString(), { max: POOL_MAX });
      handles.add(handle);
      await handle.migrate();
      const { db } = handle;
      await seedPlans(db);
      server ??= await serverInfo(db);
      shown ??= await showSettings(url.toString());
      checkInterrupt();

      const now = new Date();
      const seed = await seedDueInvestments(url.toString(), n, now);
      log(
        `N = ${fmt.int(n)}: seeded ${fmt.int(seed.investments)} due investments of ${fmt.int(seed.users)} users, ` +
          `${fmt.int(seed.journals)} journals, ${fmt.int(seed.postings)} postings in ${seed.seconds.toFixed(1)} s ` +
          `(plans ${seed.plans.map((p) => `${p.id} ${p.rateBasisPoints}bp×${fmt.int(p.count)}`).join(", ")})`,
      );
      const seedProblems = await checkSeed(db, n, now);
      if (seedProblems.length) throw new Error(`the seed is not valid: ${seedProblems.slice(0, 5).join("; ")}`);
      log(`N = ${fmt.int(n)}: seed checked, verifyLedger() = []`);
      checkInterrupt();

      // Timed: settleDue() until nothing is left.
      const pids = await backendPids(db);
      const pg0 = new Map(pids.map((pid) => [pid, processCpuSeconds(pid)]));
      const wal0 = await walStats(db);
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
        const run = await settleDue(db, now);
        settled += run.settled;
        profitCents += run.profitCents;
        notifications += run.notifications.length;
        if (run.settled === 0 || settled >= n) break;
      }
      const seconds = (performance.now() - t0) / 1000;
      const totals = probe.stop();
      const cpu = process.cpuUsage(cpu0);
      const machine1 = machineTicks();
      let pgCpu: number | null = null;
      for (const pid of await backendPids(db)) {
        const after = processCpuSeconds(pid);
        if (after === null) continue;
        const before = pg0.get(pid) ?? 0;
        pgCpu = (pgCpu ?? 0) + (after - (before ?? 0));
      }
      const wal1 = await walStats(db);
      const usage: Usage = {
        nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
        pgCpuSeconds: pgCpu,
        machineBusyPct: machine0 && machine1 && machine1.total > machine0.total ? ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100 : null,
        walBytes: wal0 && wal1 ? wal1.bytes - wal0.bytes : null,
        walSyncs: wal0 && wal1 ? wal1.syncs - wal0.syncs : null,
        walFpi: wal0 && wal1 ? wal1.fpi - wal0.fpi : null,
      };
      checkInterrupt();

      const verification = await verifySettlement(
        db,
        { investments: n, principalCents: seed.principalCents, profitCents: seed.profitCents },
        { settled, profitCents, notifications },
      );
      const result: RunResult = { investments: n, seed, seconds, calls, settled, probe: totals, usage, problems: verification.problems };
      runs.push(result);
      const drift = batchDrift(totals.batchesMs);
      log(
        `N = ${fmt.int(n)}: ${fmt.int(settled)} settled in ${seconds.toFixed(2)} s = ${fmt.int(rate(result))}/s ` +
          `(${calls} settleDue call${calls === 1 ? "" : "s"}, ${totals.statements.settle_due_investments.count} batches, ` +
          `first/last batches ${fmt.ms(drift.first)}/${fmt.ms(drift.last)} ms; node ${fmt.num(usage.nodeCpuSeconds)} s CPU, ` +
          `pg ${fmt.num(usage.pgCpuSeconds)} s CPU, machine ${fmt.pct(usage.machineBusyPct)} busy); ` +
          `${verification.problems.length ? `VERIFY FAILED: ${verification.problems.slice(0, 3).join("; ")}` : "verified"}`,
      );

      await handle.close();
      handles.delete(handle);
      await dropOne(name);
    }
    machine.loadAfter = os.loadavg();

    const b = bars(runs);
    writeSection(
      path.join(ROOT, "BENCHMARKS.md"),
      SECTION_HEADING,
      renderSection(runs, machine, server!, shown!, redact(baseUrl), started, []),
      BENCHMARKS_INTRO,
    );
    console.log("");
    console.log(
      table(
        ["N", "Seconds", "Settlements/s", "Verified"],
        runs.map((r) => [fmt.int(r.investments), fmt.s(r.seconds), fmt.int(rate(r)), verified(r) ? "PASS" : "FAIL"]),
        ["r", "r", "r", "l"],
      ),
    );
    console.log("");
    console.log(`Bar: ≥ ${fmt.int(BARS.settlementsPerSecond)} settlements/s: ${b.rate.measured} → ${b.rate.pass ? "PASS" : "FAIL"}`);
    console.log(`Bar: t(100k) ≤ ${BARS.maxRatio} × t(10k): ${b.ratio.measured} → ${b.ratio.pass ? "PASS" : "FAIL"}`);
    log("wrote BENCHMARKS.md (section “Settlement (bench/settlement.ts)”)");
    const bad = runs.filter((r) => !verified(r));
    if (bad.length) {
      log(`VERIFICATION FAILED at N = ${bad.map((r) => fmt.int(r.investments)).join(", ")}`);
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
