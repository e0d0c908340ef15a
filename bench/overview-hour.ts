/**
 * What the operator's overview costs as the day's postings grow, read from the last stored day plus
 * every posting since midnight (decision 0065) and from the last stored hour plus the postings since
 * it (decision 0067), on the same PostgreSQL database. Writes the `## Overview with a stored hour`
 * section of BENCHMARKS.md.
 *
 *   npx tsx bench/overview-hour.ts [--no-write]
 *
 * It creates its own database (termvest_bench_overview_<random>), seeds the scale benchmark's small
 * platform (1,000 investors), stores the completed days as the job does, then posts journals today
 * in steps. At each step it times readOverview() in this process (no HTTP) with no hour stored,
 * then stores the hour that ends after every posting so far (as the job would at ten past the next
 * hour, so it reads as of then) and times it again; both answers must be equal. Dropped at the end.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "#server/db/client.js";
import { ledgerCheck, ledgerTotalsHour } from "#server/db/schema.js";
import { migrate } from "#server/migrate.js";
import { readOverview } from "#server/services/admin-overview/read-overview.js";
import { sumCompletedDays } from "#server/services/daily-figures/sum-completed-days.js";
import { sumCompletedHour } from "#server/services/daily-figures/sum-completed-hour.js";
import { seedPlans } from "#server/services/plans/seed-plans.js";
import { seedHistory } from "./lib/api-seed.js";
import { benchDatabaseUrl, logger, machineInfo, redact } from "./lib/harness.js";
import { table, writeSection } from "./lib/markdown.js";
import { seedScale } from "./lib/scale-seed.js";

const COMMAND = "npx tsx bench/overview-hour.ts";
const log = logger("overview-hour");
const { values: args } = parseArgs({ options: { "no-write": { type: "boolean", default: false } } });

/** Journals posted today before each step is timed (each moves money between two investors: two postings or more). */
const STEPS = [0, 10_000, 30_000, 60_000];
const READS = 40;
const HOUR_MS = 3_600_000;

async function timeReads(read: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await read();
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(READS / 2)]!, p99: times[Math.min(READS - 1, Math.floor(READS * 0.99))]! };
}

async function main(): Promise<void> {
  const now = new Date();
  // The stored hour is read as of the next hour's ten past: that must still be today (UTC).
  const readAt = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS + 15 * 60_000);
  if (readAt.toISOString().slice(0, 10) !== now.toISOString().slice(0, 10)) throw new Error("run it before 23:00 UTC: the stored hour must be today's");
  const machine = machineInfo();
  const admin = benchDatabaseUrl();
  const name = `termvest_bench_overview_${randomBytes(4).toString("hex")}`;
  const server = new pg.Client({ connectionString: admin.toString() });
  await server.connect();
  await server.query(`create database ${name}`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 2 });
  const rows: string[][] = [];
  try {
    await migrate(handle);
    await seedPlans(handle.db);
    await seedScale(url.toString(), 1_000, now, log);
    await handle.db.insert(ledgerCheck).values({ id: crypto.randomUUID(), checkedAt: now, problemCount: 0, problems: [] });
    await sumCompletedDays(handle.db, now);
    const { rows: people } = (await handle.db.execute(sql`select id from "user" order by created_at limit 2`)) as unknown as { rows: Array<{ id: string }> };
    let posted = 0;
    for (const journals of STEPS) {
      if (journals > posted) posted += await seedHistory(handle.db, people[0]!.id, people[1]!.id, journals - posted);
      await handle.db.execute(sql`analyze posting`);
      const { rows: counted } = (await handle.db.execute(sql`select count(*)::int as n from posting where created_at >= ${`${now.toISOString().slice(0, 10)}T00:00:00Z`}::timestamptz`)) as unknown as { rows: Array<{ n: number }> };
      await handle.db.delete(ledgerTotalsHour);
      const fromMidnight = await timeReads(() => readOverview(handle.db, now, 1_000_000n));
      const expected = await readOverview(handle.db, readAt, 1_000_000n);
      if (!(await sumCompletedHour(handle.db, new Date(readAt.getTime() - 5 * 60_000)))) throw new Error("no hour was stored");
      const fromHour = await timeReads(() => readOverview(handle.db, readAt, 1_000_000n));
      const answered = await readOverview(handle.db, readAt, 1_000_000n);
      const same = JSON.stringify({ ...answered, generatedAt: "" }) === JSON.stringify({ ...expected, generatedAt: "" });
      if (!same) throw new Error("the overview read through the stored hour differs from the one read from midnight");
      rows.push([counted[0]!.n.toLocaleString("en-US"), fromMidnight.p50.toFixed(1), fromMidnight.p99.toFixed(1), fromHour.p50.toFixed(1), fromHour.p99.toFixed(1), `${(fromMidnight.p50 / fromHour.p50).toFixed(1)}×`]);
      log(`${counted[0]!.n} postings today: from midnight p50 ${fromMidnight.p50.toFixed(1)} ms, from the stored hour p50 ${fromHour.p50.toFixed(1)} ms`);
    }
  } finally {
    await handle.close();
    await server.query(`drop database if exists ${name} with (force)`);
    await server.end();
  }
  const loadAfter = (await import("node:os")).loadavg();
  const markdown = [
    `- Date: ${now.toISOString().slice(0, 19)}Z`,
    `- Machine: ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.cpuModel}; load average ${machine.loadBefore.map((n) => n.toFixed(2)).join(" / ")} before, ${loadAfter.map((n) => n.toFixed(2)).join(" / ")} after.`,
    `- Command: \`${COMMAND}\` on ${redact(admin)} (its own database, dropped at the end): the scale benchmark's small platform (1,000 investors), the completed days stored as the job stores them, then journals posted today between two investors in steps. At each step \`readOverview()\` is called ${READS} times in the benchmark's process (no HTTP, one connection) with no hour stored, then again after the hour ending after every posting was stored (read as of ten past the next hour); both answers are compared and must be equal.`,
    "",
    table(["Postings today", "From midnight p50 ms", "p99 ms", "From the stored hour p50 ms", "p99 ms", "p50 ratio"], rows, ["r", "r", "r", "r", "r", "r"]),
  ].join("\n");
  console.log(markdown);
  if (!args["no-write"]) writeSection("## Overview with a stored hour (bench/overview-hour.ts)", markdown);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
