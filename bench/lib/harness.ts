import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";

/**
 * What every benchmark script shares: its log line, the machine it ran on, the database server's
 * durability settings, and number formatting for BENCHMARKS.md. Each script is then: set up,
 * measure beside its yardstick, verify, report (bench/lib/markdown.ts writes the section).
 */

/** The checkout the benchmarks measure: its build, its server, its BENCHMARKS.md. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** The PostgreSQL server the database benchmarks run on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a local default. */
export function benchDatabaseUrl(): URL {
  return new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
}

export function logger(name: string): (message: string) => void {
  return (message) => console.log(`[bench:${name}] ${message}`);
}

/** Cores as the OS schedules them (nproc honours CPU affinity and cgroup limits). */
export function cores(): string {
  try {
    return execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    return String(os.availableParallelism());
  }
}

export interface MachineInfo {
  cores: string;
  memoryGiB: string;
  cpuModel: string;
  loadBefore: number[];
  loadAfter?: number[];
}

export function machineInfo(): MachineInfo {
  return { cores: cores(), memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1), cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU", loadBefore: os.loadavg() };
}

/** A database URL with its password hidden, for logs and BENCHMARKS.md. */
export function redact(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = "***";
  return copy.toString();
}

type Rows<T> = { rows: T[] };

/** One value from a one-row query (`select … as value`), as text. */
export async function queryValue(db: DbExecutor, query: ReturnType<typeof sql>): Promise<string> {
  return String(((await db.execute(query)) as unknown as Rows<Record<string, unknown>>).rows[0]?.value ?? "?");
}

/** PostgreSQL's version and the named settings (current_setting), e.g. to show durability as measured. */
export async function serverSettings<K extends string>(db: DbExecutor, names: readonly K[]): Promise<{ version: string } & Record<K, string>> {
  const settings = { version: await queryValue(db, sql`select version() as value`) } as { version: string } & Record<K, string>;
  for (const name of names) (settings as Record<string, string>)[name] = await queryValue(db, sql`select current_setting(${name}) as value`);
  return settings;
}

/** The server processes serving this database, for per-process CPU sampling. */
export async function backendPids(db: DbExecutor): Promise<number[]> {
  const rows = ((await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as Rows<{ pid: number }>).rows;
  return rows.map((row) => Number(row.pid));
}

/** How BENCHMARKS.md writes numbers: "–" for a figure that could not be read. */
export const fmt = {
  int: (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–"),
  s: (value: number) => value.toFixed(2),
  ms: (value: number | null, digits = 2) => (value === null || !Number.isFinite(value) ? "–" : value.toFixed(digits)),
  pct: (value: number | null) => (value === null || !Number.isFinite(value) ? "–" : `${Math.round(value)} %`),
  num: (value: number | null, digits = 2) => (value === null || !Number.isFinite(value) ? "–" : value.toFixed(digits)),
  load: (values: number[] | undefined) => (values ? values.map((v) => v.toFixed(2)).join(" / ") : "–"),
};
