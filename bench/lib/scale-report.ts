/**
 * The scale benchmark's BENCHMARKS.md section and console summary: every measure at both sizes,
 * side by side, and the bars judged on them.
 */
import { fmt, type MachineInfo } from "./harness.js";
import { table } from "./markdown.js";
import type { Measure, SizeResult } from "./scale-measures.js";

/** A request's p99 at the large size: at most this many times the small size's… */
const P99_RATIO = 1.5;
/** …and under this many ms (an investor's request) or ADMIN_P99_MS (the back office's). */
const REQUEST_P99_MS = 50;
const ADMIN_P99_MS = 100;
/** Settlement at the large size keeps at least this share of the small size's rate. */
const SETTLEMENT_SHARE = 0.8;
/** Reconciliation, verifyLedger and the audit check finish within this (s). */
const DAILY_SECONDS = 60;
/** No migration holds a write-blocking lock longer than this (s) on the large database. */
const LOCK_SECONDS = 1;

interface Bar {
  text: string;
  measured: string;
  pass: boolean;
}

const n = (value: number) => value.toLocaleString("en-US");

function bars(small: SizeResult, large: SizeResult): Bar[] {
  const result: Bar[] = [];
  const twin = (measure: Measure) => small.measures.find((m) => m.name === measure.name);
  for (const measure of large.measures) {
    const before = twin(measure);
    if (!before) continue;
    if (measure.group !== "daily") {
      const limit = measure.group === "admin" ? ADMIN_P99_MS : REQUEST_P99_MS;
      const ratio = measure.p99! / Math.max(before.p99!, 1);
      const load = measure.plannedRate ? ` at ${measure.plannedRate}/s` : ` at ${measure.connections} connections`;
      result.push({
        text: `${measure.name}: p99${load} at ${n(large.investors)} ≤ ${P99_RATIO}× its p99 at ${n(small.investors)} and < ${limit} ms, no failed response`,
        measured: `${fmt.ms(measure.p99!, 1)} ms vs ${fmt.ms(before.p99!, 1)} ms (${ratio.toFixed(2)}×), ${measure.failures ?? 0} failed`,
        pass: ratio <= P99_RATIO && measure.p99! < limit && !measure.failures,
      });
    } else if (measure.rate !== undefined && before.rate !== undefined) {
      result.push({
        text: `${measure.name}: rate at ${n(large.investors)} ≥ ${SETTLEMENT_SHARE * 100} % of the rate at ${n(small.investors)}`,
        measured: `${n(measure.rate)}/s vs ${n(before.rate)}/s (${fmt.pct((measure.rate / before.rate) * 100)})`,
        pass: measure.rate >= SETTLEMENT_SHARE * before.rate && !measure.failures,
      });
    } else if (/reconciliation|periodic|daily/.test(measure.name)) {
      result.push({ text: `${measure.name} finishes within ${DAILY_SECONDS} s at ${n(large.investors)}, nothing wrong found`, measured: `${fmt.s(measure.seconds!)} s, ${measure.detail}`, pass: measure.seconds! <= DAILY_SECONDS && !measure.failures });
    }
  }
  for (const migration of large.migrations) {
    if (migration.lockSeconds <= LOCK_SECONDS) continue;
    result.push({ text: `${migration.file} holds no write-blocking lock over ${LOCK_SECONDS} s`, measured: `${fmt.s(migration.lockSeconds)} s on ${migration.lockedTables.join(", ")}`, pass: false });
  }
  const longestLock = Math.max(0, ...large.migrations.map((m) => m.lockSeconds));
  result.push({ text: `every migration holds a write-blocking lock ≤ ${LOCK_SECONDS} s at ${n(large.investors)}`, measured: `longest ${fmt.s(longestLock)} s`, pass: longestLock <= LOCK_SECONDS });
  return result;
}

function requestRows(results: SizeResult[], group: Measure["group"]): string[][] {
  const [small, large] = results as [SizeResult, SizeResult];
  return small.measures
    .filter((m) => m.group === group)
    .map((m) => {
      const l = large.measures.find((x) => x.name === m.name);
      const cells = (x: Measure | undefined) =>
        x
          ? [fmt.ms(x.aloneP50 ?? null, 1), fmt.ms(x.aloneP99 ?? null, 1), fmt.ms(x.p50 ?? null, 1), fmt.ms(x.p99 ?? null, 1), ...(group === "request" ? [fmt.ms(x.saturatedP99 ?? null, 0)] : []), fmt.int(x.rate ?? NaN)]
          : Array.from({ length: group === "request" ? 6 : 5 }, () => "–");
      return [m.name, ...cells(m), ...cells(l)];
    });
}

export function scaleReport(results: SizeResult[], context: { command: string; machine: MachineInfo; database: string }): { markdown: string; summary: string } {
  const [small, large] = results as [SizeResult, SizeResult];
  const judged = bars(small, large);
  const { machine } = context;
  const header = (what: string, saturated: boolean) => [
    what,
    ...[small, large].flatMap((r) => [`${n(r.investors)}: alone p50`, "alone p99", saturated ? "planned p50" : "p50", saturated ? "planned p99" : "p99", ...(saturated ? ["p99 at 50 conn."] : []), "req/s"]),
  ];
  const align = (count: number) => ["l" as const, ...Array.from({ length: count - 1 }, () => "r" as const)];
  const seedRows = [
    ["Investors", n(small.seed.investors), n(large.seed.investors)],
    ["Investments (due tonight)", `${n(small.seed.investments)} (${n(small.seed.dueTonight)})`, `${n(large.seed.investments)} (${n(large.seed.dueTonight)})`],
    ["Journals", n(small.seed.journals), n(large.seed.journals)],
    ["Postings", n(small.seed.postings), n(large.seed.postings)],
    ["Notifications", n(small.seed.notifications), n(large.seed.notifications)],
    ["Pending deposits + payouts", n(small.seed.pendingDeposits + small.seed.pendingPayouts), n(large.seed.pendingDeposits + large.seed.pendingPayouts)],
    ["Audit entries", n(small.seed.auditEntries), n(large.seed.auditEntries)],
    ["Seeding took (s)", fmt.s(small.seed.seconds), fmt.s(large.seed.seconds)],
  ];
  const daily = small.measures
    .filter((m) => m.group === "daily")
    .map((m) => {
      const l = large.measures.find((x) => x.name === m.name);
      const show = (x: Measure | undefined) => (x ? [fmt.s(x.seconds!), x.rate === undefined ? "–" : fmt.int(x.rate), x.detail ?? ""] : ["–", "–", "–"]);
      return [m.name, ...show(m), ...show(l)];
    });
  const migrationRows = large.migrations.map((m) => [m.file, `${m.timedOut ? "≥ " : ""}${fmt.s(m.seconds)}`, `${m.timedOut ? "≥ " : ""}${fmt.s(m.lockSeconds)}`, m.lockedTables.join(", ") || "–", String(m.existing), m.notReplayable ? `${m.notReplayable}: ${m.firstReason}` : "0"]);
  const passed = judged.filter((bar) => bar.pass).length;
  const markdown = [
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    `- Machine: ${machine.cores} cores (\`nproc\`), ${machine.memoryGiB} GiB memory, ${machine.cpuModel}; load average ${fmt.load(machine.loadBefore)} before, ${fmt.load(machine.loadAfter)} after`,
    `- Command: \`${context.command}\` (PostgreSQL at ${context.database}, durability as shipped; each size in a database the script creates, marks and drops)`,
    `- Requests: the production build (\`node dist/server/main.js\`); each case first sent 200 times one at a time (50 for the POSTs: "alone"). An investor's request is then sent at the planned peak by bench/lib/load.ts (200 a second for a GET, 20 for a POST, each case alone, evenly spaced whatever the answers, over at most 50 kept-alive connections; a latency runs from when the request was due, so waiting counts): its p99 there is the bar. Then autocannon sends it by 50 connections as fast as they are answered, for the rate and the p99 of a saturated server (the load generator runs on the same machine); after a POST case, the next case waits until the e-mails it queued are sent. The back office's requests are sent by autocannon's 5 connections as fast as answered. The bare Hono yardstick answered ${n(Math.round(small.yardstickRate))} req/s at ${n(small.investors)} and ${n(Math.round(large.yardstickRate))} req/s at ${n(large.investors)} at 50 connections in the same run. Times in ms.`,
    `- Daily work: in the benchmark's process on the same database with the server stopped.`,
    `- Data (bench/lib/scale-seed.ts, set-based SQL): per investor ten journals over the last year (a deposit, two investments, three more deposits, two payouts) and one notification; one investor in ten has an investment maturing tonight; one in forty a pending payout and a pending bank deposit; ten investors 10,000 more journals each (deposits and transfers among them); five audit entries per investor, chained as the trigger chains them. The signed-in reader has 10,000 journals at both sizes, so a request's figures compare the tables' size, not the reader's history. verifyLedger checks the seeded ledger as part of the run.`,
    "",
    "![Cost against size, small and large side by side](docs/scale.svg)",
    "",
    `### Bars (${passed} of ${judged.length} met)`,
    "",
    table(["Bar", "Measured", "Result"], judged.map((bar) => [bar.text, bar.measured, bar.pass ? "PASS" : "FAIL"])),
    "",
    "### Data",
    "",
    table(["", n(small.investors), n(large.investors)], seedRows, ["l", "r", "r"]),
    "",
    "### An investor's requests",
    "",
    table(header("Request", true), requestRows(results, "request"), align(13)),
    "",
    "### The back office",
    "",
    table(header("Request", false), requestRows(results, "admin"), align(11)),
    "",
    "### Daily work",
    "",
    table(["Work", `${n(small.investors)}: s`, "per s", "what", `${n(large.investors)}: s`, "per s", "what"], daily, ["l", "r", "r", "l", "r", "r", "l"]),
    "",
    `### Migrations on the ${n(large.investors)}-investor database`,
    "",
    "Each migration run again in a transaction that is rolled back (indexes and constraints built under a new name, objects the schema already holds counted as catalog-only changes); the lock column is the longest a lock that blocks a table's writers was held.",
    "",
    table(["Migration", "s", "write lock s", "tables", "catalog-only statements", "not replayable on the newest schema"], migrationRows, ["l", "r", "r", "l", "r", "l"]),
  ].join("\n");
  const summary = [`scale: ${passed} of ${judged.length} bars met`, ...judged.filter((bar) => !bar.pass).map((bar) => `  FAIL ${bar.text}: ${bar.measured}`)].join("\n");
  return { markdown, summary };
}
