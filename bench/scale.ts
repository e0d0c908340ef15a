/**
 * Scale benchmark: what the product costs at 1,000 investors and at 1,000,000, in one run, on
 * PostgreSQL with its durability settings as shipped. Writes the `## Scale (bench/scale.ts)`
 * section of BENCHMARKS.md and the chart docs/scale.svg, and prints a summary.
 *
 *   npx tsx bench/scale.ts [--small 1000] [--large 1000000] [--seconds 5] [--no-build] [--no-write]
 *                          [--skip requests,admins,daily,backup,migrations]
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * At each size the script creates its own database (termvest_scale_<size>_<random>, marked with a
 * comment holding this run's token), seeds it (bench/lib/scale-seed.ts), starts the production
 * build on it, and measures beside a bare Hono server (bench/lib/scale-measures.ts). It writes to,
 * restores into and drops only databases whose comment holds its token: it refuses to run on a
 * database it did not create. Everything is dropped at the end, also on failure or Ctrl-C.
 *
 * `--skip` leaves out groups of measures; without the requests, the admin lists or the daily work
 * the run only logs its figures (the report's bars need every measure) and writes nothing.
 *
 * Exits 0 when every size was measured (whether or not the bars were met), 1 otherwise.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { benchDatabaseUrl, logger, machineInfo, redact, REPO_ROOT } from "./lib/harness.js";
import { writeSection } from "./lib/markdown.js";
import { scaleChart } from "./lib/scale-chart.js";
import { measureSize, type SizeResult } from "./lib/scale-measures.js";
import { scaleReport } from "./lib/scale-report.js";
import { buildApp } from "./lib/server.js";

const COMMAND = "npx tsx bench/scale.ts";
const SECTION_HEADING = "## Scale (bench/scale.ts)";
const log = logger("scale");

const { values: args } = parseArgs({
  options: {
    small: { type: "string", default: "1000" },
    large: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "5" },
    skip: { type: "string", default: "" },
    "no-build": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
  },
});

/** This run's mark on the databases it creates: nothing else is written to, restored into or dropped. */
const TOKEN = `termvest bench/scale ${randomBytes(12).toString("hex")}`;
const created: string[] = [];
const admin = benchDatabaseUrl();

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A new database marked with this run's token; its URL. */
async function createDatabase(label: string): Promise<string> {
  const name = `termvest_scale_${label}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  created.push(name);
  await adminQuery(`comment on database ${name} is '${TOKEN}'`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Throws unless the database at `url` carries this run's token (the guard before every write). */
async function assertOurs(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const { rows } = await adminQuery(`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`, [name]);
  if (rows[0]?.mark !== TOKEN) throw new Error(`refusing to touch database ${name}: this run did not create it`);
}

async function dropCreated(): Promise<void> {
  for (const name of created.splice(0)) {
    const { rows } = await adminQuery(`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`, [name]).catch(() => ({ rows: [] as Array<{ mark?: string }> }));
    if (rows[0]?.mark !== TOKEN) continue;
    await adminQuery(`drop database if exists ${name} with (force)`).catch((error: Error) => log(`could not drop ${name}: ${error.message}`));
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: dropping the databases`);
    void dropCreated().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  const sizes = [Number(args.small), Number(args.large)];
  if (!sizes.every((n) => Number.isInteger(n) && n >= 1000)) throw new Error("--small and --large are whole numbers of investors, at least 1000");
  const skip = new Set(args.skip.split(",").filter(Boolean));
  const machine = machineInfo();
  log(`PostgreSQL ${redact(admin)}; sizes ${sizes.join(" and ")}; ${args.seconds} s per request case`);
  if (!args["no-build"]) buildApp(REPO_ROOT);
  const results: SizeResult[] = [];
  for (const investors of sizes) {
    log(`size ${investors.toLocaleString("en-US")}`);
    results.push(await measureSize({ investors, seconds: Number(args.seconds), skip, createDatabase, assertOurs, log }));
  }
  if (["requests", "admins", "daily"].some((group) => skip.has(group))) {
    log("a partial run (--skip): its figures are the lines above; nothing written");
    return;
  }
  machine.loadAfter = (await import("node:os")).loadavg();
  const chart = scaleChart(results);
  const report = scaleReport(results, { command: COMMAND, machine, database: redact(admin) });
  console.log(report.summary);
  if (!args["no-write"]) {
    writeFileSync(path.join(REPO_ROOT, "docs/scale.svg"), chart);
    writeSection(SECTION_HEADING, report.markdown);
    log("wrote docs/scale.svg and BENCHMARKS.md");
  }
}

main()
  .then(async () => {
    await dropCreated();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await dropCreated();
    process.exit(1);
  });
