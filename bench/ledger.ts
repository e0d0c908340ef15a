/**
 * Ledger benchmark: journals per second posted through the real postJournal (the post_journal SQL
 * function, server/db/sql/functions/post_journal.sql), each journal in its own transaction exactly as the app posts them,
 * on PostgreSQL with its durability settings as shipped. Writes the `## Ledger (bench/ledger.ts)`
 * section of BENCHMARKS.md and prints a summary.
 *
 *   npx tsx bench/ledger.ts
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * The benchmark creates its own database (termvest_bench_<random>) on that server, migrates it,
 * and drops it at the end, also on failure, SIGINT or SIGTERM. It never changes fsync,
 * synchronous_commit, full_page_writes or any other setting.
 *
 * Cases: shapes spread (1,000 users, moves between two accounts of a random one) and hot (every
 * journal a deposit to one user's account from p:deposits), each at 1, 8 and 32 concurrent workers,
 * for a fixed count of journals after a warm-up. Each case is verified: journals counted, every
 * account balance equal to its start plus what the reported successes moved, verifyLedger() clean,
 * all balances summing to zero. Then the floor: the cheapest durable write through the same path
 * (installFloor in lib/ledger-workload.ts) at the bar's clients, to read the journal's cost against.
 *
 * Exits 0 when every case verified (whether or not the bar was met), 1 when a verification failed
 * or the benchmark could not run, 130 when interrupted.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, type Database, type DatabaseHandle } from "#server/db/client.js";
import { migrate } from "#server/migrate.js";
import { table, writeSection } from "./lib/markdown.js";
import { benchDatabaseUrl, fmt, logger, machineInfo, redact, serverSettings, type MachineInfo } from "./lib/harness.js";
import { machineBusyPct, ResourceSampler, StatementProbe, type ResourceUsage, type StatementKind } from "./lib/ledger-probe.js";
import {
  balances,
  floorRows,
  installFloor,
  insertUsers,
  makeJournal,
  percentile,
  runFloor,
  runWorkers,
  seedJournal,
  verifyCase,
  type Population,
  type RunResult,
  type Shape,
} from "./lib/ledger-workload.js";

const COMMAND = "npx tsx bench/ledger.ts";
const SECTION_HEADING = "## Ledger (bench/ledger.ts)";
const POOL_MAX = 40;
const SPREAD_USERS = 1_000;
const SEED_CLIENTS = 8;
const SHAPES: Shape[] = ["spread", "hot"];
const CLIENTS = [1, 8, 32];
/** Journals measured per case (a fixed count, not a fixed duration). */
const COUNT: Record<number, number> = { 1: 3_000, 8: 12_000, 32: 12_000 };
/** Journals posted, with the same shape and clients, before the measured run of each case. */
const WARMUP = 500;
/** A case still running after this stops early (and says so) rather than holding the machine. */
const MAX_CASE_SECONDS = 240;
const BAR = { shape: "spread" as Shape, clients: 8, journalsPerSecond: 3_000 };

const log = logger("ledger");

class Interrupted extends Error {
  constructor(signal: string) {
    super(`interrupted by ${signal}`);
  }
}

interface CaseResult {
  shape: Shape;
  clients: number;
  warmup: RunResult;
  run: RunResult;
  p50: number;
  p99: number;
  meanMs: number;
  statements: Record<StatementKind, { count: number; ms: number }>;
  usage: ResourceUsage;
  problems: string[];
}

/** The cheapest durable write through the journal's path (see installFloor), at the bar's clients. */
interface FloorCase {
  clients: number;
  succeeded: number;
  seconds: number;
  p50: number;
  usage: ResourceUsage;
  /** Empty when the table holds exactly the rows the workers reported written. */
  problems: string[];
}

const SERVER_SETTINGS = ["synchronous_commit", "fsync", "full_page_writes", "wal_sync_method", "shared_buffers", "max_connections"] as const;
type ServerInfo = Awaited<ReturnType<typeof serverSettings<(typeof SERVER_SETTINGS)[number]>>>;

/** The machine, and how busy it was in the 2 s before the run (other work on it). */
interface LedgerMachine extends MachineInfo {
  busyBefore: number | null;
}

const rate = (c: CaseResult) => c.run.succeeded / c.run.seconds;
const verified = (c: CaseResult) => c.problems.length === 0;

function verifiedCell(c: CaseResult): string {
  if (!verified(c)) return `**FAIL** (${c.problems.length} problem${c.problems.length === 1 ? "" : "s"})`;
  const notes = [c.run.failed ? `${c.run.failed} journal(s) failed` : "", c.run.cut ? "stopped early" : ""].filter(Boolean);
  return notes.length ? `PASS (${notes.join(", ")})` : "PASS";
}

function perJournal(c: CaseResult, kind: StatementKind): number {
  return c.run.succeeded ? c.statements[kind].ms / c.run.succeeded : Number.NaN;
}

/** CPU milliseconds per measured journal, from a % of one core over the run. */
function cpuMsPerJournal(c: CaseResult, pct: number | null): number | null {
  return pct === null || !c.run.succeeded ? null : ((pct / 100) * c.run.seconds * 1000) / c.run.succeeded;
}

/** % of all cores used by processes other than this one and the case's backends. */
function othersPct(c: CaseResult, cores: number): number | null {
  const { machineCpuPct, clientCpuPct, backendCpuPct } = c.usage;
  return machineCpuPct === null || backendCpuPct === null ? null : Math.max(0, machineCpuPct - (clientCpuPct + backendCpuPct) / cores);
}

function readingNotes(cases: CaseResult[], cores: number, floor?: FloorCase): string[] {
  const notes: string[] = [];
  const find = (shape: Shape, clients: number) => cases.find((c) => c.shape === shape && c.clients === clients);
  const single = find("spread", 1);
  if (single) {
    notes.push(
      `Spread, 1 client: a journal is one statement that commits on its own, so its round trip (${fmt.ms(perJournal(single, "post_journal"))} of ` +
        `${fmt.ms(single.meanMs)} ms) includes the WAL flush that makes it durable; one client waits for every flush ` +
        `(${fmt.num(single.usage.walSyncsPerJournal)} per journal).`,
    );
  }
  const barCase = find(BAR.shape, BAR.clients);
  if (barCase) {
    const node = cpuMsPerJournal(barCase, barCase.usage.clientCpuPct);
    const pgMs = cpuMsPerJournal(barCase, barCase.usage.backendCpuPct);
    if (node !== null && pgMs !== null) {
      const ceiling = (cores * 1000) / (node + pgMs);
      notes.push(
        `Spread, ${BAR.clients} clients: a journal costs ${fmt.num(pgMs, 3)} ms of CPU in PostgreSQL and ${fmt.num(node, 3)} ms in Node.js. ` +
          `With both on these ${cores} cores, that alone caps throughput near ${fmt.int(ceiling)} journals/s on an otherwise idle machine ` +
          `(bar: ${fmt.int(BAR.journalsPerSecond)}); other processes took ${fmt.pct(othersPct(barCase, cores))} of the machine meanwhile. ` +
          `The machine was ${fmt.pct(barCase.usage.machineCpuPct)} busy: the rest is time in which every client waits for a WAL flush ` +
          `(group commit shares them: ${fmt.num(barCase.usage.walSyncsPerJournal)} per journal).`,
      );
    }
  }
  const hot = cases.filter((c) => c.shape === "hot");
  const hotMany = hot.find((c) => c.clients > 1);
  if (hot.length > 1 && hotMany) {
    notes.push(
      `Hot: every journal waits for the row lock on the hot user's available account (\`p:deposits\` is never locked), held by the journal before it until its COMMIT has flushed: ` +
        `throughput does not grow with clients (${hot.map((c) => `${fmt.int(rate(c))}/s at ${c.clients}`).join(", ")}), and ` +
        `post_journal (mostly that wait) takes ${fmt.ms(perJournal(hotMany, "post_journal"))} ms at ${hotMany.clients} clients.`,
    );
  }
  const barRun = find(BAR.shape, BAR.clients);
  if (floor && barRun && floor.succeeded) {
    const floorRate = floor.succeeded / floor.seconds;
    const floorPg = (((floor.usage.backendCpuPct ?? Number.NaN) / 100) * floor.seconds * 1000) / floor.succeeded;
    const floorNode = ((floor.usage.clientCpuPct / 100) * floor.seconds * 1000) / floor.succeeded;
    const journalPg = cpuMsPerJournal(barRun, barRun.usage.backendCpuPct);
    notes.push(
      `The floor: the cheapest durable write through the same path (one prepared call of a PL/pgSQL function that inserts one row ` +
        `into a table without indexes, then commits) reaches ${fmt.int(floorRate)}/s with ${floor.clients} clients on this machine, at ` +
        `${fmt.num(floorPg, 3)} ms of PostgreSQL and ${fmt.num(floorNode, 3)} ms of Node.js CPU per write. A journal ` +
        `(${fmt.int(rate(barRun))}/s) costs ${fmt.num(journalPg === null ? null : journalPg - floorPg, 3)} ms of PostgreSQL CPU more: ` +
        "its journal row, two postings, two balance updates and their index entries.",
    );
  }
  return notes;
}

function barResult(cases: CaseResult[]): { measured: string; pass: boolean } {
  const c = cases.find((x) => x.shape === BAR.shape && x.clients === BAR.clients);
  if (!c) return { measured: "not measured", pass: false };
  const pass = rate(c) >= BAR.journalsPerSecond && verified(c) && c.run.failed === 0 && !c.run.cut;
  const detail = verified(c) ? (c.run.failed ? `, ${c.run.failed} failed journal(s)` : ", verified") : ", verification FAILED";
  return { measured: `${fmt.int(rate(c))} journals/s${detail}`, pass };
}

function renderSection(cases: CaseResult[], floor: FloorCase | undefined, machine: LedgerMachine, server: ServerInfo, serverUrl: string, started: Date): string {
  const bar = barResult(cases);
  const cores = Number(machine.cores) || os.availableParallelism();
  const load = (values: number[] | undefined) => (values ? values.map((v) => v.toFixed(2)).join(" / ") : "–");
  const lines: string[] = [];
  lines.push(
    `- Date: ${started.toISOString().replace(/\.\d+Z$/, "Z")}`,
    `- Machine: ${machine.cores} cores (\`nproc\`), ${machine.memoryGiB} GiB memory (\`os.totalmem()\`), ${machine.cpuModel}; ` +
      `load average (1 / 5 / 15 min) ${load(machine.loadBefore)} before, ${load(machine.loadAfter)} after; ` +
      `CPU ${fmt.pct(machine.busyBefore)} busy in the 2 s before the run. ` +
      "The client (Node.js) and PostgreSQL share these cores, and other work on the machine shows in the load.",
    `- Node ${process.version}; ${server.version}`,
    `- Durability as the server ships it (never changed by the benchmark): \`synchronous_commit\` = ${server.synchronous_commit}, ` +
      `\`fsync\` = ${server.fsync}, \`full_page_writes\` = ${server.full_page_writes}, \`wal_sync_method\` = ${server.wal_sync_method}; ` +
      `\`shared_buffers\` = ${server.shared_buffers}, \`max_connections\` = ${server.max_connections}.`,
    `- Command: \`${COMMAND}\` (server ${serverUrl.replace(/\/[^/]*$/, "/")}, from \`BENCH_DATABASE_URL\`, else \`TEST_DATABASE_URL\`, else the default; ` +
      "the benchmark creates its own database `termvest_bench_<random>`, migrates it with `migrate()`, and drops it at the end).",
    `- Method: \`openPostgres(url, { max: ${POOL_MAX} })\`; ${fmt.int(SPREAD_USERS)} users plus one hot user, each funded by one deposit journal ` +
      "(via `postJournal`) of $1,000,000.00 into each of available, invested and payout_hold. Each journal is posted with " +
      "`postJournal(db, input)` (one atomic, durable statement: synchronous_commit on) by N workers looping on a shared counter, with a fresh idempotency key.",
    "  - **spread**: a random user of the 1,000; one of available → invested, invested → available, available → payout_hold, " +
      "payout_hold → available; 1–999 cents (no account can be overdrawn).",
    "  - **hot**: every journal a deposit of 1–999 cents from `p:deposits` to the same user's available account: all journals lock that one account's row (the platform account keeps no balance and is never locked).",
    `  - A fixed count per case (${Object.entries(COUNT)
      .map(([c, n]) => `${fmt.int(n)} journals at ${c} client${c === "1" ? "" : "s"}`)
      .join(", ")}) after a warm-up of ${WARMUP} journals with the same shape and clients. Latency is per journal, from ` +
      "`postJournal()` called to resolved (pool checkout and `select post_journal(…) as posted`, committed on return).",
    "  - Verified after each case (warm-up included): the journals under the case's keys number exactly the successes the workers " +
      "reported, with two postings each; every account's balance equals its balance before the case plus what the successful " +
      "journals moved (a lost or doubled posting shows here); `verifyLedger()` returns `[]`; all balances sum to 0.",
    "",
    "### Bar",
    "",
    table(
      ["Bar", "Measured", "Result"],
      [[`At least ${fmt.int(BAR.journalsPerSecond)} journals per second with ${BAR.clients} clients on spread accounts, with no lost or doubled posting`, bar.measured, bar.pass ? "PASS" : "**FAIL**"]],
      ["l", "r", "l"],
    ),
    "",
    "### Journals per second",
    "",
    table(
      ["Shape", "Clients", "Journals", "Seconds", "Journals/s", "p50 ms", "p99 ms", "Verified"],
      cases.map((c) => [
        c.shape,
        String(c.clients),
        fmt.int(c.run.succeeded),
        c.run.seconds.toFixed(2),
        fmt.int(rate(c)),
        fmt.ms(c.p50),
        fmt.ms(c.p99),
        verifiedCell(c),
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "l"],
    ),
    "",
    "### Where the time goes",
    "",
    "Mean milliseconds per journal, as the client sees it: *post_journal* is the statement's round trip (the server's work, its " +
      "commit and WAL flush, and the wait for the event loop), *pool + JS* the rest of the latency (pool checkout and queueing, " +
      "drizzle, building the journal). CPU per journal: this Node.js process, and the case's PostgreSQL backends " +
      "(`/proc/<pid>/stat`); *others* is the share of all cores used meanwhile by every other process (PostgreSQL's WAL writer and " +
      "checkpointer included). WAL (cluster-wide): flushes to disk (`pg_stat_wal`) and bytes written (the WAL insert position) per journal.",
    "",
    table(
      ["Shape", "Clients", "Mean ms", "post_journal", "pool + JS", "Statements/journal", "Node CPU ms", "PG CPU ms", "Others", "WAL flushes", "WAL bytes"],
      cases.map((c) => {
        const statementMs = Object.keys(c.statements).reduce((sum, kind) => sum + perJournal(c, kind as StatementKind), 0);
        const statementCount = Object.values(c.statements).reduce((sum, s) => sum + s.count, 0);
        return [
          c.shape,
          String(c.clients),
          fmt.ms(c.meanMs),
          fmt.ms(perJournal(c, "post_journal")),
          fmt.ms(c.meanMs - statementMs),
          fmt.num(c.run.succeeded ? statementCount / c.run.succeeded : null),
          fmt.num(cpuMsPerJournal(c, c.usage.clientCpuPct), 3),
          fmt.num(cpuMsPerJournal(c, c.usage.backendCpuPct), 3),
          fmt.pct(othersPct(c, cores)),
          fmt.num(c.usage.walSyncsPerJournal),
          fmt.int(c.usage.walBytesPerJournal ?? Number.NaN),
        ];
      }),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  if (floor) {
    lines.push(
      "",
      "### The floor of this machine",
      "",
      `The same measurement for the cheapest durable write through the journal's path (${fmt.int(floor.succeeded)} writes with ` +
        `${floor.clients} clients after a warm-up; each a prepared \`select * from bench_floor_write($1)\` whose PL/pgSQL function ` +
        "inserts one row into a table without indexes, then commits with its WAL flush). Verified: the table holds exactly the rows reported written.",
      "",
      table(
        ["Clients", "Writes", "Seconds", "Writes/s", "p50 ms", "Node CPU ms", "PG CPU ms", "WAL flushes", "Verified"],
        [
          [
            String(floor.clients),
            fmt.int(floor.succeeded),
            floor.seconds.toFixed(2),
            fmt.int(floor.succeeded / floor.seconds),
            fmt.ms(floor.p50),
            fmt.num(((floor.usage.clientCpuPct / 100) * floor.seconds * 1000) / floor.succeeded, 3),
            fmt.num(floor.usage.backendCpuPct === null ? null : ((floor.usage.backendCpuPct / 100) * floor.seconds * 1000) / floor.succeeded, 3),
            fmt.num(floor.usage.walSyncsPerJournal),
            floor.problems.length ? `**FAIL** (${floor.problems.join("; ")})` : "PASS",
          ],
        ],
        ["r", "r", "r", "r", "r", "r", "r", "r", "l"],
      ),
    );
  }
  const reading = readingNotes(cases, cores, floor);
  if (reading.length) lines.push("", "Reading the figures (computed from this run):", "", ...reading.map((line) => `- ${line}`));
  const failed = cases.filter((c) => !verified(c) || c.run.failed);
  if (failed.length) {
    lines.push("", "### Problems", "");
    for (const c of failed) {
      for (const problem of c.problems.slice(0, 10)) lines.push(`- ${c.shape}, ${c.clients} clients: ${problem}`);
      if (c.problems.length > 10) lines.push(`- ${c.shape}, ${c.clients} clients: … and ${c.problems.length - 10} more`);
      if (c.run.failed) lines.push(`- ${c.shape}, ${c.clients} clients: ${c.run.failed} journal(s) failed; first error: ${c.run.firstError ?? "?"}`);
    }
  }
  return lines.join("\n");
}

function printSummary(cases: CaseResult[], cores: number, floor?: FloorCase) {
  const bar = barResult(cases);
  console.log("");
  console.log(
    table(
      ["Shape", "Clients", "Journals", "Seconds", "Journals/s", "p50 ms", "p99 ms", "Verified"],
      cases.map((c) => [c.shape, String(c.clients), fmt.int(c.run.succeeded), c.run.seconds.toFixed(2), fmt.int(rate(c)), fmt.ms(c.p50), fmt.ms(c.p99), verifiedCell(c)]),
    ),
  );
  console.log("");
  console.log(`Bar: ≥ ${fmt.int(BAR.journalsPerSecond)} journals/s, ${BAR.shape}, ${BAR.clients} clients: ${bar.measured} → ${bar.pass ? "PASS" : "FAIL"}`);
  for (const note of readingNotes(cases, cores, floor)) console.log(`- ${note}`);
}

/** The floor case at the bar's clients: a warm-up, then the measured run, then the row count checked. */
async function measureFloor(db: Database): Promise<FloorCase> {
  const clients = BAR.clients;
  const count = COUNT[clients]!;
  await installFloor(db);
  const warmup = await runFloor(db, clients, WARMUP, 0);
  const sampler = new ResourceSampler(db);
  await sampler.start();
  const run = await runFloor(db, clients, count, WARMUP);
  const usage = await sampler.finish(run.succeeded);
  const rows = await floorRows(db);
  const problems: string[] = [];
  if (rows !== warmup.succeeded + run.succeeded) problems.push(`${rows} rows, ${warmup.succeeded + run.succeeded} reported written`);
  if (warmup.failed || run.failed) problems.push(`${warmup.failed + run.failed} writes failed`);
  const sorted = run.latenciesMs.slice().sort();
  return { clients, succeeded: run.succeeded, seconds: run.seconds, p50: percentile(sorted, 50), usage, problems };
}

async function main(): Promise<number> {
  const started = new Date();
  const machine: LedgerMachine = { ...machineInfo(), busyBefore: await machineBusyPct(2_000) };
  const baseUrl = benchDatabaseUrl();
  const name = `termvest_bench_${randomBytes(6).toString("hex")}`;
  const url = new URL(baseUrl.toString());
  url.pathname = `/${name}`;

  let interrupted: string | undefined;
  let created = false;
  let handle: DatabaseHandle | undefined;
  let dropping: Promise<void> | undefined;
  const drop = () =>
    (dropping ??= (async () => {
      if (!created) return;
      const admin = new pg.Client({ connectionString: baseUrl.toString() });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
        log(`dropped database ${name}`);
      } finally {
        await admin.end();
      }
    })());
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): one second's grace.
    if (interrupted && Date.now() - firstSignalAt < 1_000) return;
    if (interrupted) {
      log(`${signal} again: dropping the database now`);
      drop().finally(() => process.exit(130));
      return;
    }
    interrupted = signal;
    firstSignalAt = Date.now();
    log(`${signal}: stopping the workers, then dropping the database (send it again to drop at once)`);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const checkInterrupt = () => {
    if (interrupted) throw new Interrupted(interrupted);
  };

  const probe = new StatementProbe();
  try {
    log(
      `load average before: ${machine.loadBefore.map((v) => v.toFixed(2)).join(" / ")} on ${machine.cores} cores; ` +
        `CPU ${fmt.pct(machine.busyBefore)} busy in the last 2 s`,
    );
    const admin = new pg.Client({ connectionString: baseUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      created = true;
    } finally {
      await admin.end();
    }
    log(`created database ${name} on ${redact(baseUrl).replace(/\/[^/]*$/, "/")}`);
    handle = await openPostgres(url.toString(), { max: POOL_MAX });
    await migrate(handle);
    const { db } = handle;
    const server = await serverSettings(db, SERVER_SETTINGS);
    log(`${server.version.split(" on ")[0]}; synchronous_commit=${server.synchronous_commit}, fsync=${server.fsync}, full_page_writes=${server.full_page_writes}`);
    checkInterrupt();

    // Seed: users, then one deposit journal each through postJournal.
    const population: Population = {
      spread: await insertUsers(db, SPREAD_USERS, "spread"),
      hot: (await insertUsers(db, 1, "hot"))[0]!,
    };
    const everyone = [...population.spread, population.hot];
    const runId = randomBytes(4).toString("hex");
    const seedPrefix = `bench:${runId}:seed:`;
    const seed = await runWorkers({
      db,
      clients: SEED_CLIENTS,
      count: everyone.length,
      keyPrefix: seedPrefix,
      journal: (key) => seedJournal(key, everyone[Number(key.slice(seedPrefix.length))]!),
      seed: 1,
      maxSeconds: MAX_CASE_SECONDS,
      stopped: () => interrupted !== undefined,
    });
    checkInterrupt();
    const seedProblems = await verifyCase(db, new Map(), [{ keyPrefix: seedPrefix, result: seed }]);
    if (seed.failed || seedProblems.length) {
      throw new Error(`seeding failed: ${seed.firstError ?? seedProblems.slice(0, 5).join("; ")}`);
    }
    await db.execute(sql`vacuum analyze ledger_account, journal, posting`);
    log(`seeded ${everyone.length} users with one deposit journal each (${seed.seconds.toFixed(1)} s), ledger verified`);

    const cases: CaseResult[] = [];
    let caseIndex = 0;
    for (const shape of SHAPES) {
      for (const clients of CLIENTS) {
        checkInterrupt();
        caseIndex++;
        const label = `${shape}-c${clients}`;
        const before = await balances(db);
        const common = {
          db,
          clients,
          journal: (key: string, random: () => number) => makeJournal(shape, population, key, random),
          maxSeconds: MAX_CASE_SECONDS,
          stopped: () => interrupted !== undefined,
        };
        const warmPrefix = `bench:${runId}:${label}:warm:`;
        const runPrefix = `bench:${runId}:${label}:run:`;
        const warmup = await runWorkers({ ...common, count: WARMUP, keyPrefix: warmPrefix, seed: caseIndex * 2 });
        checkInterrupt();
        const sampler = new ResourceSampler(db);
        await sampler.start();
        probe.start();
        const run = await runWorkers({ ...common, count: COUNT[clients]!, keyPrefix: runPrefix, seed: caseIndex * 2 + 1 });
        const statements = probe.stop();
        const usage = await sampler.finish(run.succeeded);
        checkInterrupt();
        const problems = await verifyCase(db, before, [
          { keyPrefix: warmPrefix, result: warmup },
          { keyPrefix: runPrefix, result: run },
        ]);
        const sorted = run.latenciesMs.slice().sort();
        const result: CaseResult = {
          shape,
          clients,
          warmup,
          run,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          meanMs: sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1),
          statements,
          usage,
          problems,
        };
        cases.push(result);
        log(
          `${shape.padEnd(6)} c=${String(clients).padStart(2)}: ${fmt.int(run.succeeded)} journals in ${run.seconds.toFixed(2)} s = ` +
            `${fmt.int(rate(result))}/s, p50 ${fmt.ms(result.p50)} ms, p99 ${fmt.ms(result.p99)} ms, ` +
            `node ${fmt.pct(usage.clientCpuPct)}, pg ${fmt.pct(usage.backendCpuPct)}, machine ${fmt.pct(usage.machineCpuPct)}; ` +
            `${problems.length ? `VERIFY FAILED: ${problems.slice(0, 3).join("; ")}` : "verified"}` +
            `${run.failed ? `; ${run.failed} failed (${run.firstError})` : ""}${run.cut ? "; stopped early" : ""}`,
        );
      }
    }
    checkInterrupt();
    const floor = await measureFloor(db);
    log(
      `floor  c=${String(floor.clients).padStart(2)}: ${fmt.int(floor.succeeded)} writes in ${floor.seconds.toFixed(2)} s = ${fmt.int(floor.succeeded / floor.seconds)}/s; ` +
        `${floor.problems.length ? `VERIFY FAILED: ${floor.problems.join("; ")}` : "verified"}`,
    );
    machine.loadAfter = os.loadavg();

    writeSection(SECTION_HEADING, renderSection(cases, floor, machine, server, redact(baseUrl), started));
    printSummary(cases, Number(machine.cores) || os.availableParallelism(), floor);
    log("wrote BENCHMARKS.md (section “Ledger (bench/ledger.ts)”)");
    const bad = cases.filter((c) => !verified(c));
    if (floor.problems.length) log(`VERIFICATION FAILED in the floor: ${floor.problems.join("; ")}`);
    if (bad.length || floor.problems.length) {
      log(`VERIFICATION FAILED in ${bad.map((c) => `${c.shape} c=${c.clients}`).join(", ")}`);
      return 1;
    }
    return 0;
  } finally {
    await handle?.close().catch(() => undefined);
    await drop().catch((error: unknown) => log(`could not drop ${name}: ${(error as Error).message}`));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Interrupted) {
      log(error.message);
      process.exit(130);
    }
    console.error(`[bench:ledger] ERROR: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
