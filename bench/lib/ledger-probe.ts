/**
 * Where a ledger benchmark case spends its time: per-statement round-trip times seen by the
 * node-postgres client, CPU of this process, of the machine and of the case's PostgreSQL backends,
 * and WAL activity. Read-only: nothing here changes a setting of the database server.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { listenToQueries } from "./query-timer.js";
import { backendPids } from "./harness.js";
import { machineTicks, processCpuSeconds } from "./machine.js";

export { machineBusyPct, processCpuSeconds } from "./machine.js";

export type StatementKind = "begin" | "post_journal" | "commit" | "rollback" | "other";
const KINDS: StatementKind[] = ["begin", "post_journal", "commit", "rollback", "other"];

function classify(text: string): StatementKind {
  const head = text.trimStart().slice(0, 16).toLowerCase();
  if (head.startsWith("begin")) return "begin";
  if (head.startsWith("commit")) return "commit";
  if (head.startsWith("rollback")) return "rollback";
  if (text.includes("post_journal(")) return "post_journal";
  return "other";
}

interface StatementTotals {
  count: number;
  ms: number;
}

/** Round-trip time of every query while started, by kind (see query-timer.ts). */
export class StatementProbe {
  private stopListening: (() => void) | undefined;
  private totals = new Map<StatementKind, StatementTotals>();

  private add(kind: StatementKind, ms: number) {
    const entry = this.totals.get(kind) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += ms;
    this.totals.set(kind, entry);
  }

  start() {
    this.totals = new Map();
    this.stopListening = listenToQueries((text, ms) => this.add(classify(text), ms));
  }

  stop(): Record<StatementKind, StatementTotals> {
    this.stopListening?.();
    this.stopListening = undefined;
    const out = {} as Record<StatementKind, StatementTotals>;
    for (const kind of KINDS) out[kind] = this.totals.get(kind) ?? { count: 0, ms: 0 };
    return out;
  }
}

interface WalStats {
  records: bigint;
  fpi: bigint;
  bytes: bigint;
  syncs: bigint;
}

async function walStats(db: Database): Promise<WalStats | null> {
  try {
    const result = (await db.execute(
      // Bytes from the WAL insert position, which never lags; the counts from pg_stat_wal, which each backend reports now and then.
      sql`select wal_records::text as records, wal_fpi::text as fpi, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint::text as bytes,
                 wal_sync::text as syncs from pg_stat_wal`,
    )) as unknown as { rows: Array<{ records: string; fpi: string; bytes: string; syncs: string }> };
    const row = result.rows[0];
    return row ? { records: BigInt(row.records), fpi: BigInt(row.fpi), bytes: BigInt(row.bytes), syncs: BigInt(row.syncs) } : null;
  } catch {
    return null;
  }
}


export interface ResourceUsage {
  /** This Node.js process, in % of one core. */
  clientCpuPct: number;
  /** The whole machine, in % of all cores. */
  machineCpuPct: number | null;
  /** The PostgreSQL backends connected to the benchmark database, in % of one core. */
  backendCpuPct: number | null;
  /** Cluster-wide (pg_stat_wal): WAL flushes to disk, WAL bytes and full-page images, per journal. */
  walSyncsPerJournal: number | null;
  walBytesPerJournal: number | null;
  walFpiPerJournal: number | null;
}

/** Samples resources at start() and again at finish(journals). */
export class ResourceSampler {
  private startedAt = 0;
  private cpu0: NodeJS.CpuUsage = process.cpuUsage();
  private machine0: ReturnType<typeof machineTicks> = null;
  private pids: number[] = [];
  private backend0 = new Map<number, number>();
  private wal0: WalStats | null = null;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.pids = await backendPids(this.db);
    this.backend0 = new Map();
    for (const pid of this.pids) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== null) this.backend0.set(pid, seconds);
    }
    this.wal0 = await walStats(this.db);
    this.machine0 = machineTicks();
    this.cpu0 = process.cpuUsage();
    this.startedAt = performance.now();
  }

  async finish(journals: number): Promise<ResourceUsage> {
    const wallSeconds = (performance.now() - this.startedAt) / 1000;
    const cpu = process.cpuUsage(this.cpu0);
    const machine1 = machineTicks();
    let backendSeconds: number | null = null;
    for (const [pid, before] of this.backend0) {
      const after = processCpuSeconds(pid);
      if (after !== null) backendSeconds = (backendSeconds ?? 0) + (after - before);
    }
    const wal1 = await walStats(this.db);
    const perJournal = (value: bigint | undefined) => (value === undefined || journals === 0 ? null : Number(value) / journals);
    return {
      clientCpuPct: ((cpu.user + cpu.system) / 1e6 / wallSeconds) * 100,
      machineCpuPct:
        this.machine0 && machine1 && machine1.total > this.machine0.total
          ? ((machine1.busy - this.machine0.busy) / (machine1.total - this.machine0.total)) * 100
          : null,
      backendCpuPct: backendSeconds === null ? null : (backendSeconds / wallSeconds) * 100,
      walSyncsPerJournal: perJournal(wal1 && this.wal0 ? wal1.syncs - this.wal0.syncs : undefined),
      walBytesPerJournal: perJournal(wal1 && this.wal0 ? wal1.bytes - this.wal0.bytes : undefined),
      walFpiPerJournal: perJournal(wal1 && this.wal0 ? wal1.fpi - this.wal0.fpi : undefined),
    };
  }
}
